/** The parts of an event's address, as the API's `address` object and as CSV columns. */
export const ADDRESS_KEYS = ['street', 'city', 'province', 'postalCode', 'country'] as const;
export type AddressKey = (typeof ADDRESS_KEYS)[number];

/** The event's own fields that an admin sets, in the API's order: those before the address… */
const FIELDS_BEFORE_ADDRESS = ['title', 'description', 'eventType', 'category', 'startDate', 'endDate', 'venueName'] as const;
/** …and after it (surveys are edited separately and never come from a file). */
const FIELDS_AFTER_ADDRESS = [
  'locationTypeNote',
  'registrationRequired',
  'maxAttendees',
  'waitingListEnabled',
  'isFree',
  'basePrice',
  'memberPrice',
  'earlyBirdPrice',
  'earlyBirdDeadline',
  'currency',
  'excerpt',
  'isAllDay',
  'isVirtual',
  'cost',
  'registrationUrl',
  'featuredImageUrl',
] as const;

/** The columns of an import file: the creation fields with the address flattened (`city` or `address.city`). */
export const CSV_COLUMNS = [...FIELDS_BEFORE_ADDRESS, ...ADDRESS_KEYS, ...FIELDS_AFTER_ADDRESS] as const;

/** What an update may change (the change log and notifications compare these). */
export const EDITABLE_FIELDS = [...FIELDS_BEFORE_ADDRESS, 'address', ...FIELDS_AFTER_ADDRESS, 'surveyQuestions'] as const;
