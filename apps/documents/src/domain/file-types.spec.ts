import { detectFileType, isDocumentType } from './file-types';

const bytes = (...values: number[]): Buffer => Buffer.from(values);

describe('detectFileType', () => {
  it('detects a PDF from its bytes whatever the name says', () => {
    expect(detectFileType(Buffer.from('%PDF-1.7\n%âãÏÓ\n'), 'holiday.jpg')).toBe('application/pdf');
  });

  it('detects images', () => {
    expect(detectFileType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d), 'a.png')).toBe('image/png');
    expect(detectFileType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46), 'a.jpg')).toBe('image/jpeg');
  });

  it('tells a .docx (zip with an OOXML manifest) from a plain zip', () => {
    const zip = Buffer.concat([bytes(0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0), Buffer.from('[Content_Types].xml')]);
    expect(detectFileType(zip, 'minutes.docx')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(detectFileType(bytes(0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0), 'minutes.docx')).toBe('application/zip');
  });

  it('chooses between the legacy office formats by extension', () => {
    const cfb = bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1);
    expect(detectFileType(cfb, 'budget.xls')).toBe('application/vnd.ms-excel');
    expect(detectFileType(cfb, 'letter.doc')).toBe('application/msword');
  });

  it('takes UTF-8 text as text, CSV and Markdown by extension', () => {
    expect(detectFileType(Buffer.from('name,email\nAda,ada@example.org\n'), 'members.csv')).toBe('text/csv');
    expect(detectFileType(Buffer.from('Bonjour à tous'), 'note.txt')).toBe('text/plain');
  });

  it('answers undefined for unknown binary data', () => {
    expect(detectFileType(bytes(0x00, 0x01, 0x02, 0x03, 0xfe), 'x.txt')).toBeUndefined();
  });
});

describe('the document allow-list', () => {
  it('accepts office, PDF, images, text and archives', () => {
    for (const mime of ['application/pdf', 'image/png', 'text/plain', 'application/zip', 'application/vnd.ms-excel']) expect(isDocumentType(mime)).toBe(true);
  });

  it('refuses executables, SVG (scripts) and HTML', () => {
    expect(isDocumentType(detectFileType(bytes(0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0), 'setup.pdf'))).toBe(false);
    expect(isDocumentType(detectFileType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>'), 'logo.svg'))).toBe(false);
    expect(isDocumentType('text/html')).toBe(false);
    expect(isDocumentType(undefined)).toBe(false);
  });
});
