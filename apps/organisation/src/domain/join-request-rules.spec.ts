import { assertUndecided } from './join-request-rules';

describe('deciding a join request', () => {
  it('decides a PENDING request once; a decided one is 409 whichever way it went', () => {
    expect(() => assertUndecided('PENDING')).not.toThrow();
    expect(() => assertUndecided('APPROVED')).toThrow(expect.objectContaining({ code: 'CONFLICT', message: 'This join request has already been approved' }));
    expect(() => assertUndecided('REJECTED')).toThrow(expect.objectContaining({ code: 'CONFLICT' }));
  });
});
