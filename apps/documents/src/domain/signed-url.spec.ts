import { checkSignature, signStoragePath, signedStorageUrl, urlSigningKey } from './signed-url';

const key = urlSigningKey('00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff');
const path = '0b2f7a52-6a47-4e3c-9f39-7d3f1f0c2a11/5c1b4b9e-3d7a-4c55-a3f1-0f8c2b6f9e01/report.pdf';

describe('signed storage URLs', () => {
  it('accepts its own signature before the expiry', () => {
    expect(checkSignature(key, path, 2000, signStoragePath(key, path, 2000), 1000)).toBe('valid');
  });

  it('refuses an expired URL even when well signed', () => {
    expect(checkSignature(key, path, 999, signStoragePath(key, path, 999), 1000)).toBe('expired');
  });

  it('refuses a tampered path, expiry or signature', () => {
    const signature = signStoragePath(key, path, 2000);
    expect(checkSignature(key, path.replace('report', 'other'), 2000, signature, 1000)).toBe('invalid');
    expect(checkSignature(key, path, 2001, signature, 1000)).toBe('invalid');
    expect(checkSignature(key, path, 2000, `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`, 1000)).toBe('invalid');
    expect(checkSignature(key, path, 2000, '', 1000)).toBe('invalid');
  });

  it('refuses a signature made with another key', () => {
    const other = urlSigningKey('ff112233445566778899aabbccddeeff00112233445566778899aabbccddeeff');
    expect(checkSignature(key, path, 2000, signStoragePath(other, path, 2000), 1000)).toBe('invalid');
  });

  it('builds a URL valid for the given time (15 minutes by default in the config)', () => {
    const { url, expiresAt } = signedStorageUrl(key, path, 900, 1_000_000);
    expect(expiresAt.getTime()).toBe(1_900_000);
    const parsed = new URL(url, 'http://x');
    expect(parsed.pathname).toBe(`/api/storage/${path}`);
    expect(checkSignature(key, path, Number(parsed.searchParams.get('expires')), parsed.searchParams.get('signature') ?? '', 1000)).toBe('valid');
  });
});
