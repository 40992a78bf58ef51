import { isTransientStatus } from './legacy-site';

describe('the legacy-site client', () => {
  it('retries 5xx but 503, 408 and 429; never 401, 403, 404 or 503', () => {
    expect([500, 502, 504, 408, 429].map(isTransientStatus)).toEqual([true, true, true, true, true]);
    expect([400, 401, 403, 404, 503].map(isTransientStatus)).toEqual([false, false, false, false, false]);
  });
});
