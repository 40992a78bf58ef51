import { fromNatsHeaders, toNatsHeaders } from './nats-headers';

describe('NATS headers', () => {
  it('round-trips a record, keeping key case', () => {
    const record = { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01', 'X-Request-Id': 'r1' };
    expect(fromNatsHeaders(toNatsHeaders(record))).toEqual(record);
  });

  it('sends no headers for an empty record', () => {
    expect(toNatsHeaders({})).toBeUndefined();
    expect(toNatsHeaders(null)).toBeUndefined();
    expect(fromNatsHeaders(undefined)).toEqual({});
  });
});
