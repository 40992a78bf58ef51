import { extensionOf, renderUpload } from './uploads';

describe('generated uploads', () => {
  it('gives the same bytes for the same path and different bytes for another', () => {
    const a = renderUpload('2025/03/a.pdf')!;
    expect(renderUpload('2025/03/a.pdf')!.body.equals(a.body)).toBe(true);
    expect(renderUpload('2025/03/b.pdf')!.body.equals(a.body)).toBe(false);
  });

  it('writes a PDF whose cross-reference offsets point at its objects', () => {
    const text = renderUpload('2025/03/minutes.pdf')!.body.toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    const xref = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(xref, xref + 4)).toBe('xref');
    const offsets = [...text.matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    offsets.forEach((offset, i) => expect(text.slice(offset).startsWith(`${i + 1} 0 obj`)).toBe(true));
  });

  it('writes PNGs at the size named in the file, 800×600 otherwise', () => {
    const sized = renderUpload('2025/02/photo-150x150.png')!;
    expect(sized.contentType).toBe('image/png');
    expect([sized.body.readUInt32BE(16), sized.body.readUInt32BE(20)]).toEqual([150, 150]);
    const full = renderUpload('2025/02/photo.png')!;
    expect([full.body.readUInt32BE(16), full.body.readUInt32BE(20)]).toEqual([800, 600]);
  });

  it('serves office files as ZIP containers and text as UTF-8', () => {
    expect(renderUpload('x/form.docx')!.body.readUInt32LE(0)).toBe(0x06054b50);
    expect(renderUpload('x/list.csv')!.contentType).toBe('text/csv; charset=utf-8');
  });

  it('has nothing for missing files, unknown types and unsafe paths', () => {
    for (const path of ['missing/old.pdf', 'x/tool.exe', '../etc/passwd.txt', 'a//b.pdf', 'x/y.pdf%00']) {
      expect(renderUpload(path)).toBeNull();
    }
  });

  it('reads the extension of a URL without its query', () => {
    expect(extensionOf('/wp-content/uploads/a/code.PDF?ver=2')).toBe('pdf');
    expect(extensionOf('/wp-content/uploads/a/noext')).toBe('');
  });
});
