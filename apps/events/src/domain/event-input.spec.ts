import { crossFieldViolations, eventInputSchema } from './event-input';

const valid = {
  title: 'Annual meeting',
  description: '',
  eventType: 'IN_PERSON',
  category: 'Meetings',
  startDate: '2027-03-14T18:00:00Z',
  endDate: '2027-03-14T20:00:00Z',
  venueName: 'Town Hall',
  address: { street: '1 Main St', city: 'Springfield', province: '', postalCode: '1000', country: 'BE' },
  locationTypeNote: '',
  registrationRequired: true,
  maxAttendees: 50,
  waitingListEnabled: true,
  isFree: false,
  basePrice: 19.99,
  memberPrice: 10,
  earlyBirdPrice: undefined,
  earlyBirdDeadline: '',
  currency: 'eur',
  excerpt: '',
  isAllDay: false,
  isVirtual: false,
  cost: '',
  registrationUrl: '',
  featuredImageUrl: '',
  surveyQuestions: [],
};

const fieldsOf = (input: unknown) => {
  const parsed = eventInputSchema.safeParse(input);
  if (!parsed.success) return parsed.error.issues.map((i) => i.path.join('.'));
  return crossFieldViolations(parsed.data).map((v) => v.field);
};

describe('the fields of an event', () => {
  it('keeps prices as exact decimal strings and the currency upper-cased', () => {
    const e = eventInputSchema.parse(valid);
    expect(e).toMatchObject({ basePrice: '19.99', memberPrice: '10', earlyBirdPrice: null, currency: 'EUR', maxAttendees: 50 });
    expect(crossFieldViolations(e)).toEqual([]);
  });

  it('takes a price as the wire decimal, a JSON number or a decimal string, exactly', () => {
    const prices = { basePrice: { value: '0.10' }, memberPrice: 49.9, earlyBirdPrice: '1234567890.12' };
    expect(eventInputSchema.parse({ ...valid, ...prices })).toMatchObject({ basePrice: '0.1', memberPrice: '49.9', earlyBirdPrice: '1234567890.12' });
  });

  it('allows each currency its own minor units: JPY whole amounts, KWD three decimals', () => {
    expect(fieldsOf({ ...valid, currency: 'JPY', basePrice: 1500, memberPrice: '1500.00' })).toEqual([]);
    expect(fieldsOf({ ...valid, currency: 'JPY', basePrice: 1500.5, memberPrice: 10 })).toEqual(['basePrice']);
    expect(fieldsOf({ ...valid, currency: 'KWD', basePrice: '1.234' })).toEqual([]);
    expect(fieldsOf({ ...valid, currency: 'EUR', basePrice: '1.234', memberPrice: '1.235' })).toEqual(['basePrice', 'memberPrice']);
  });

  it('refuses an end before the start, negative prices, a capacity below 1, an unknown type and currency', () => {
    expect(fieldsOf({ ...valid, endDate: '2027-03-14T17:00:00Z' })).toEqual(['endDate']);
    expect(fieldsOf({ ...valid, basePrice: -1 })).toEqual(['basePrice']);
    expect(fieldsOf({ ...valid, basePrice: 1.005 })).toEqual(['basePrice']);
    expect(fieldsOf({ ...valid, basePrice: '1e3' })).toEqual(['basePrice']);
    expect(fieldsOf({ ...valid, basePrice: 1e10 })).toEqual(['basePrice']);
    expect(fieldsOf({ ...valid, maxAttendees: 0 })).toEqual(['maxAttendees']);
    expect(fieldsOf({ ...valid, eventType: 'PARTY' })).toEqual(['eventType']);
    expect(fieldsOf({ ...valid, currency: 'XYZ' })).toEqual(['currency']);
  });

  it('needs a currency for a priced event, and no deadline for an early-bird price', () => {
    expect(fieldsOf({ ...valid, currency: '' })).toEqual(['currency']);
    expect(fieldsOf({ ...valid, earlyBirdPrice: 5 })).toEqual([]);
    expect(fieldsOf({ ...valid, earlyBirdPrice: 5, earlyBirdDeadline: '2027-03-01T00:00:00Z' })).toEqual([]);
  });

  it('accepts a CONFERENCE and the migration fields', () => {
    expect(fieldsOf({ ...valid, eventType: 'CONFERENCE', isAllDay: true, isVirtual: true, cost: '20€', registrationUrl: 'https://x.example/r' })).toEqual([]);
  });
});
