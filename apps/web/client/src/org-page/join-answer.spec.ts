import { joinRefusal } from './join-answer';

describe('joinRefusal', () => {
  it('tells the hourly limit with the wait in whole minutes', () => {
    expect(joinRefusal(429, 3599)).toEqual({ kind: 'limit', minutes: 60 });
    expect(joinRefusal(429, 61)).toEqual({ kind: 'limit', minutes: 2 });
    expect(joinRefusal(429, 5)).toEqual({ kind: 'limit', minutes: 1 });
    expect(joinRefusal(429, undefined)).toEqual({ kind: 'limit', minutes: 60 });
  });

  it('tells a closed organisation apart from anything else', () => {
    expect(joinRefusal(403, undefined)).toEqual({ kind: 'closed' });
    expect(joinRefusal(400, undefined)).toEqual({ kind: 'other' });
  });
});
