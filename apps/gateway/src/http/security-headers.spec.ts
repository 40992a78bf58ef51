import { parseCorsOrigins } from './security-headers';

describe('GATEWAY_CORS_ORIGINS', () => {
  it('takes comma-separated origins, blanks ignored', () => {
    expect(parseCorsOrigins('')).toEqual([]);
    expect(parseCorsOrigins(' https://admin.example.org , http://localhost:3000,')).toEqual(['https://admin.example.org', 'http://localhost:3000']);
  });

  it.each(['admin.example.org', 'https://admin.example.org/', 'https://admin.example.org/app', 'ftp://files.example.org', '*'])('refuses %s', (value) => {
    expect(() => parseCorsOrigins(value)).toThrow(/GATEWAY_CORS_ORIGINS/);
  });
});
