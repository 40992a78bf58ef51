import { binaryResponseRoutes, bypassReason, type OpenApiDocument } from './contract-proxy';

describe('what the contract proxy sends past Prism', () => {
  const json = { headers: { 'content-type': 'application/json' } };

  it('sends a JSON body Prism re-serialises unchanged, and an empty one, through Prism', () => {
    expect(bypassReason(json, Buffer.from(JSON.stringify({ email: 'a@b.org', n: 1 })), false)).toBeUndefined();
    expect(bypassReason({ headers: {} }, Buffer.alloc(0), false)).toBeUndefined();
  });

  it('sends malformed JSON, JSON Prism would rewrite, and bodies that are not UTF-8 straight to the gateway', () => {
    expect(bypassReason(json, Buffer.from('{"email": '), false)).toMatch(/malformed JSON/);
    expect(bypassReason(json, Buffer.from('{ "email": "a@b.org" }'), false)).toMatch(/re-serialise/);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0xff]);
    expect(bypassReason({ headers: { 'content-type': 'multipart/form-data; boundary=x' } }, png, false)).toMatch(/multipart upload/);
    expect(bypassReason({ headers: { 'content-type': 'application/octet-stream' } }, Buffer.from([0xff, 0xfe]), false)).toMatch(/not UTF-8/);
    expect(bypassReason({ headers: {} }, Buffer.alloc(0), true)).toMatch(/file download/);
  });

  it('knows the operations that answer a file, a variable matching across slashes', () => {
    const document: OpenApiDocument = {
      paths: {
        '/api/storage/{path}': { get: { responses: { '200': { content: { '*/*': {} } }, '404': { content: { 'application/problem+json': {} } } } } },
        '/api/orgs/{id}': { get: { responses: { '200': { content: { 'application/json': {} } } } } },
      },
    };
    const binary = binaryResponseRoutes(document);
    expect(binary('GET', '/api/storage/org/doc/report.pdf')).toBe(true);
    expect(binary('HEAD', '/api/storage/org/doc/report.pdf')).toBe(true);
    expect(binary('GET', '/api/orgs/1')).toBe(false);
    expect(binary('DELETE', '/api/storage/org/doc/report.pdf')).toBe(false);
  });
});
