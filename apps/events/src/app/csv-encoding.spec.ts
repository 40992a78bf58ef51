import { PlatformError } from '@platform/errors';
import { csvText } from './csv-encoding';

async function* chunks(...parts: Array<number[] | string>): AsyncIterable<Uint8Array> {
  for (const part of parts) yield typeof part === 'string' ? Buffer.from(part, 'utf8') : Uint8Array.from(part);
}

const decoded = async (source: AsyncIterable<Uint8Array>) => {
  let out = '';
  for await (const piece of csvText(source)) out += piece;
  return out;
};

const refusal = async (source: AsyncIterable<Uint8Array>) => {
  const err: unknown = await decoded(source).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PlatformError);
  return (err as PlatformError).violations[0]?.message;
};

describe('the text of an import file', () => {
  it('is UTF-8 with its BOM dropped, characters cut between chunks kept whole', async () => {
    expect(await decoded(chunks([0xef, 0xbb], [0xbf], 'Li', [0xc3], [0xa8], 'ge'))).toBe('Liège');
  });

  it('is UTF-16 when a BOM says so, little or big endian', async () => {
    expect(await decoded(chunks([0xff, 0xfe, 0x5a, 0x00, 0x6f], [0x00, 0xeb, 0x00]))).toBe('Zoë');
    expect(await decoded(chunks([0xfe, 0xff, 0x00, 0x5a, 0x00], [0x6f, 0x00, 0xeb]))).toBe('Zoë');
  });

  it('names the line of a bad byte, counting CRLF, LF and lone CR line ends across chunks', async () => {
    expect(await refusal(chunks('a\r', '\nb\rc\n', [0x64, 0xe9]))).toMatch(/^line 4: is not UTF-8 text \(byte 0xE9\)/);
    expect(await refusal(chunks('a\nb\n', [0xe2, 0x82], '\n'))).toMatch(/^line 3: is not UTF-8 text \(byte 0xE2\)/);
  });

  it('refuses NUL characters, naming their line', async () => {
    expect(await refusal(chunks('title\nab', [0], 'c'))).toMatch(/^line 2: contains a NUL character/);
  });

  it('names a binary file by its type', async () => {
    expect(await refusal(chunks([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]))).toMatch(/^is a JPG file, not CSV text/);
  });

  it('is nothing for an empty upload', async () => {
    expect(await decoded(chunks())).toBe('');
  });
});
