import { changedEventFields, eventDetails, type EditableEvent } from './event-changes';

const base: EditableEvent = {
  title: 'AGM',
  description: 'Yearly',
  eventType: 'IN_PERSON',
  category: '',
  startDate: new Date('2030-05-01T08:00:00Z'),
  endDate: new Date('2030-05-01T10:00:00Z'),
  venueName: 'Hall',
  address: { street: '1 Main St', city: 'Brisbane' },
  locationTypeNote: '',
  registrationRequired: false,
  maxAttendees: null,
  waitingListEnabled: false,
  isFree: true,
  basePrice: null,
  memberPrice: null,
  earlyBirdPrice: null,
  earlyBirdDeadline: null,
  currency: '',
  excerpt: '',
  isAllDay: false,
  isVirtual: false,
  cost: '',
  registrationUrl: '',
  featuredImageUrl: '',
  surveyQuestions: [],
};

describe('the changes of an event edit', () => {
  it('names nothing when a full replacement gives the same values (dates, address key order, decimals)', () => {
    const same = { ...base, startDate: new Date(base.startDate), address: { city: 'Brisbane', street: '1 Main St', country: '' }, surveyQuestions: [] };
    expect(changedEventFields(base, same)).toEqual([]);
    expect(changedEventFields({ ...base, basePrice: { toString: () => '10.00' } }, { ...base, basePrice: { toString: () => '10.00' } })).toEqual([]);
  });

  it('names each changed field once, address as one field', () => {
    const after = {
      ...base,
      title: 'AGM 2030',
      endDate: new Date('2030-05-01T11:00:00Z'),
      address: { street: '2 Main St', city: 'Brisbane' },
      maxAttendees: 50,
    };
    expect(changedEventFields(base, after)).toEqual(['title', 'endDate', 'address', 'maxAttendees']);
  });

  it('gives the details with ISO 8601 UTC times and the address flattened', () => {
    expect(eventDetails(base)).toMatchObject({
      title: 'AGM',
      startDate: '2030-05-01T08:00:00.000Z',
      street: '1 Main St',
      city: 'Brisbane',
      province: '',
      country: '',
    });
  });
});
