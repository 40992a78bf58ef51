import type { Request, Response } from 'express';
import { deprecationHeaders, successorLink } from './legacy-headers';

function headersOf(run: (res: Response) => void): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = { setHeader: (name: string, value: string) => (headers[name] = value) } as unknown as Response;
  run(res);
  return headers;
}

describe('the deprecation headers of /api/v1', () => {
  it('sends Deprecation as an RFC 9745 date (@ Unix seconds) and Sunset as an HTTP-date', () => {
    const next = jest.fn();
    const middleware = deprecationHeaders({ deprecatedAt: new Date('2026-12-01T00:00:00Z'), sunsetAt: new Date('2027-12-01T00:00:00Z') });
    const headers = headersOf((res) => middleware({} as Request, res, next));
    expect(headers).toEqual({ Deprecation: '@1796083200', Sunset: 'Wed, 01 Dec 2027 00:00:00 GMT' });
    expect(next).toHaveBeenCalledWith();
  });

  it('names the successor operation in a Link header', () => {
    expect(headersOf((res) => successorLink(res, '/api/orgs/4b1c/events'))).toEqual({ Link: '</api/orgs/4b1c/events>; rel="successor-version"' });
  });
});
