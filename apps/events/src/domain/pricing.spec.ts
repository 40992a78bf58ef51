import { priceFor, type EventPrices } from './pricing';

const event: EventPrices = {
  isFree: false,
  startDate: new Date('2027-03-01T18:00:00Z'),
  basePrice: '40.00',
  memberPrice: '25.50',
  earlyBirdPrice: '30.00',
  earlyBirdDeadline: new Date('2027-01-01T00:00:00Z'),
  currency: 'EUR',
};
const before = new Date('2026-12-31T23:59:59Z');
const after = new Date('2027-01-01T00:00:00Z');

describe('the price of a registration', () => {
  it('gives a MEMBER ticket the member price, with the currency', () => {
    expect(priceFor(event, 'MEMBER', after)).toEqual({ amount: '25.50', currency: 'EUR' });
  });

  it('gives the early-bird price before the deadline and the base price from it on', () => {
    expect(priceFor(event, 'STANDARD', before)).toEqual({ amount: '30.00', currency: 'EUR' });
    expect(priceFor(event, 'STANDARD', after)).toEqual({ amount: '40.00', currency: 'EUR' });
  });

  it('without a deadline, gives the early-bird price until the event starts', () => {
    const noDeadline = { ...event, earlyBirdDeadline: null };
    expect(priceFor(noDeadline, 'STANDARD', after).amount).toBe('30.00');
    expect(priceFor(noDeadline, 'STANDARD', new Date('2027-03-01T17:59:59Z')).amount).toBe('30.00');
    expect(priceFor(noDeadline, 'STANDARD', new Date('2027-03-01T18:00:00Z')).amount).toBe('40.00');
    expect(priceFor(noDeadline, 'MEMBER', after).amount).toBe('25.50');
  });

  it('costs 0 on a free event', () => {
    expect(priceFor({ ...event, isFree: true }, 'MEMBER', before).amount).toBe('0');
  });

  it('falls back to the base price, and to 0 without any price', () => {
    expect(priceFor({ ...event, memberPrice: null }, 'MEMBER', after).amount).toBe('40.00');
    expect(priceFor({ ...event, basePrice: null, memberPrice: null, earlyBirdPrice: null }, 'STANDARD', before).amount).toBe('0');
  });
});
