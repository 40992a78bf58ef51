import { mayHoldLiveAccessTokens } from './session-denylisting';

describe('which ended sessions the gateway must hear about', () => {
  const now = new Date('2026-05-01T12:00:00Z');

  it('those used within an access token’s lifetime (plus clock skew)', () => {
    expect(mayHoldLiveAccessTokens(new Date('2026-05-01T11:00:00Z'), now, 3600)).toBe(true);
    expect(mayHoldLiveAccessTokens(new Date('2026-05-01T10:59:01Z'), now, 3600)).toBe(true);
  });

  it('not those whose every access token has expired', () => {
    expect(mayHoldLiveAccessTokens(new Date('2026-05-01T10:58:59Z'), now, 3600)).toBe(false);
  });
});
