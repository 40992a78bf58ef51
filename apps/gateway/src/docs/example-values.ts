/**
 * The values examples.ts puts in example bodies, by property name (and, where one name means
 * different things, by the message it is in): one small world (Ada Lovelace, a member of the
 * Harbour Rowing Club in Cork) so that an example reads like a real request.
 */
export const EXAMPLE_UUID = '5f0c8a3e-2b7d-4e1a-9c6f-3d8b1a2e4f60';
export const EXAMPLE_TIMESTAMP = '2026-05-01T10:00:00Z';
export const EXAMPLE_DATE = '2026-05-01';
export const EXAMPLE_MONEY = 49.9;

/** `test` sees the property's name and its message's short name (or, at the top, the operation id). */
interface Rule<T> {
  test: (name: string, parent: string) => boolean;
  value: T;
}

const is =
  (...names: string[]) =>
  (name: string): boolean =>
    names.includes(name);
/** `adminEmail`, `ownerEmail` and plain `email` for 'Email'. */
const endsWith =
  (...suffixes: string[]) =>
  (name: string): boolean =>
    suffixes.some((suffix) => name === suffix.charAt(0).toLowerCase() + suffix.slice(1) || name.endsWith(suffix));
const inMessage =
  (names: string[], parent: RegExp) =>
  (name: string, message: string): boolean =>
    names.includes(name) && parent.test(message);

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI1ZjBjOGEzZSJ9.c2lnbmF0dXJl';

/** Strings, first match wins. An event's start and end are instants; other dates are days. */
const STRINGS: readonly Rule<string>[] = [
  { test: inMessage(['startDate', 'endDate'], /Event/), value: EXAMPLE_TIMESTAMP },
  { test: is('dateOfBirth'), value: '1990-12-10' },
  { test: (n) => /(^date|Date$|^period(Start|End)$)/.test(n), value: EXAMPLE_DATE },
  { test: (n) => /(At|Deadline)$/.test(n) || n === 'since', value: EXAMPLE_TIMESTAMP },
  { test: (n) => /^[a-z]+By$/.test(n), value: EXAMPLE_UUID },
  { test: is('fromAddress'), value: 'office@example.org' },
  { test: (n) => endsWith('Email')(n) || ['to', 'recipient', 'username'].includes(n), value: 'ada@example.org' },
  { test: endsWith('Password'), value: 'correct-horse-battery-staple' },
  { test: endsWith('FirstName'), value: 'Ada' },
  { test: endsWith('LastName'), value: 'Lovelace' },
  { test: is('displayName', 'authorName'), value: 'Ada Lovelace' },
  { test: is('orgName', 'organizationName', 'fromName'), value: 'Harbour Rowing Club' },
  { test: (n, parent) => ['companyName', 'company'].includes(n) || (n === 'name' && /Company/.test(parent)), value: 'Lovelace Engineering' },
  { test: is('venueName'), value: 'Harbour Hall' },
  { test: is('deviceName'), value: "Ada's phone" },
  { test: is('deviceId'), value: 'ada-phone-7f3a' },
  { test: is('fontFamily'), value: 'Inter' },
  { test: is('fileName'), value: 'annual-report-2025.pdf' },
  { test: inMessage(['name'], /Folder/), value: 'Minutes' },
  { test: inMessage(['name'], /Document|Asset/), value: 'Annual report 2025' },
  { test: inMessage(['name'], /MembershipType/), value: 'Full member' },
  { test: inMessage(['name'], /Connector/), value: 'Club website' },
  { test: is('name'), value: 'Harbour Rowing Club' },
  { test: endsWith('Slug'), value: 'harbour-rowing' },
  { test: endsWith('Subdomain'), value: 'harbour' },
  { test: is('otpauthUri'), value: 'otpauth://totp/Platform:ada%40example.org?secret=JBSWY3DPEHPK3PXP&issuer=Platform' },
  // Stored files are served by the platform itself, at URLs relative to its base URL.
  { test: (n, parent) => n === 'logoUrl' || (n === 'url' && /Asset/.test(parent)), value: `/api/storage/${EXAMPLE_UUID}/assets/${EXAMPLE_UUID}` },
  { test: is('fileUrl'), value: `/api/storage/${EXAMPLE_UUID}/${EXAMPLE_UUID}/annual-report-2025.pdf?expires=1777629600&signature=xxdQRF8u6j4v3wsoYVKZA` },
  { test: endsWith('ImageUrl'), value: 'https://harbour-rowing.example.org/images/regatta.jpg' },
  { test: (n) => endsWith('Url', 'Uri')(n) || ['url', 'website', 'website_url', 'endpoint'].includes(n), value: 'https://harbour-rowing.example.org' },
  { test: is('secret'), value: 'JBSWY3DPEHPK3PXP' },
  { test: is('tokenType'), value: 'Bearer' },
  { test: is('pushToken'), value: 'fcm-registration-token-from-the-device-sdk' },
  { test: (n) => endsWith('Token')(n) || n === 'token', value: JWT },
  { test: is('syncKey', 'apiKey', 'accessKey', 'secretAccessKey'), value: 'k7Hq2mX9pL4rT8vB' },
  { test: is('code'), value: '123456' },
  { test: is('backupCodes'), value: '7f3k-92ma' },
  { test: is('currency'), value: 'EUR' },
  { test: (n) => /(price|Price|amount|Amount)$/.test(n), value: '49.90' },
  { test: is('cost'), value: '20 € for members' },
  { test: (n) => /[pP]hone/.test(n), value: '+353 21 492 0000' },
  { test: is('primaryColor'), value: '#1d4ed8' },
  { test: is('secondaryColor'), value: '#f59e0b' },
  { test: inMessage(['title'], /Article/), value: 'The spring season opens' },
  { test: inMessage(['title'], /Notification/), value: 'Regatta moved to Sunday' },
  { test: is('title'), value: 'Spring regatta' },
  { test: is('description'), value: 'Races on the harbour, then lunch at the clubhouse.' },
  { test: inMessage(['content'], /Comment/), value: 'See you at the start line!' },
  { test: is('content', 'html'), value: '<p>The spring season opens on 1 May.</p>' },
  { test: is('excerpt', 'summary', 'caption', 'text', 'alt'), value: 'The spring season opens on 1 May.' },
  { test: is('subject'), value: 'Welcome to {{org.name}}' },
  { test: (n, parent) => n === 'body' && /Template|Preview/.test(parent), value: '<p>Welcome, {{user.firstName}}!</p>' },
  { test: is('body'), value: 'The regatta moves to Sunday, 10:00.' },
  { test: is('placeholders'), value: 'loginUrl' },
  { test: is('flags'), value: 'accountCreated' },
  { test: inMessage(['message'], /JoinRequest/), value: 'I row on Saturdays and would like to join the club.' },
  { test: inMessage(['message'], /Invitation/), value: 'Welcome aboard: we row on Saturdays.' },
  { test: inMessage(['message'], /PasswordReset/), value: 'If the address has an account, a code is on its way.' },
  { test: is('errorMessage', 'lastError', 'error'), value: '' },
  { test: is('message'), value: 'Done.' },
  { test: is('reason', 'cancellationReason'), value: 'The harbour is closed for repairs.' },
  { test: is('notes'), value: 'Vegetarian lunch, please.' },
  { test: is('termsOfService'), value: '<h1>Terms of service</h1><p>Members agree to the club rules.</p>' },
  { test: is('privacyPolicy'), value: '<h1>Privacy policy</h1><p>We keep your name and email to run the club.</p>' },
  { test: is('cookiePolicy'), value: '<h1>Cookie policy</h1><p>We set only the cookies the site needs.</p>' },
  { test: is('street', 'addressLine1'), value: '1 Harbour Road' },
  { test: is('city'), value: 'Cork' },
  { test: is('province', 'state'), value: 'Munster' },
  { test: is('region'), value: 'eu-west-1' },
  { test: is('postalCode'), value: 'T12 X70A' },
  { test: is('country'), value: 'IE' },
  { test: is('jobTitle'), value: 'Engineer' },
  { test: is('category'), value: 'Regatta' },
  { test: is('tags'), value: 'regatta' },
  { test: is('benefits'), value: 'Boat hire at member rates' },
  { test: is('roles', 'role', 'targetRole'), value: 'MEMBER' },
  { test: is('status', 'accountStatus', 'lastJobStatus'), value: 'ACTIVE' },
  { test: is('entityTypes', 'enabledEntityTypes', 'entityType'), value: 'MEMBERS' },
  { test: is('mimeType', 'contentType', 'declaredContentType'), value: 'application/pdf' },
  { test: is('host'), value: 'smtp.example.org' },
  { test: is('bucket', 'objectStoreBucketName'), value: 'harbour-rowing-files' },
  { test: is('objectStoreProjectId'), value: 'harbour-rowing' },
  { test: is('ipAddress'), value: '203.0.113.7' },
  { test: is('userAgent'), value: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)' },
  { test: is('sourceTimezone'), value: '+01:00' },
  { test: is('externalId'), value: '1042' },
  { test: is('questionId'), value: 'lunch' },
  { test: is('answer'), value: 'Yes' },
  { test: is('pluginVersion'), value: '1.2.0' },
  // Documented string values where a field's comment does not list them (the first allowed one).
  { test: is('orgType'), value: 'ASSOCIATION' },
  { test: is('userType'), value: 'ORGANIZATION' },
  { test: is('systemRole'), value: 'PLATFORM_ADMIN' },
  { test: is('eventType'), value: 'IN_PERSON' },
  { test: is('ticketType'), value: 'MEMBER' },
  { test: is('targetType'), value: 'ALL_MEMBERS' },
  { test: is('visibility'), value: 'MEMBERS_ONLY' },
  { test: is('assetType'), value: 'LOGO' },
  { test: is('platform'), value: 'ANDROID' },
  { test: is('provider'), value: 'LOCAL' },
  { test: is('defaultStorageProvider'), value: 'local' },
  { test: is('plan'), value: 'FREE' },
  { test: is('jobType'), value: 'INCREMENTAL' },
  { test: is('trigger'), value: 'MANUAL' },
  { test: is('tokenRotationStrategy'), value: 'CREATE_NEW' },
  { test: inMessage(['type'], /Connector/), value: 'LEGACY_SITE' },
  { test: inMessage(['type', 'templateType'], /Template|EmailLog/), value: 'WELCOME' },
  { test: inMessage(['type'], /ContentBlock/), value: 'paragraph' },
  { test: inMessage(['action'], /Audit/), value: 'USER_SUSPENDED' },
  { test: is('resourceType'), value: 'USER' },
  { test: is('method'), value: 'CARD' },
  { test: is('providerReference'), value: 'pay_3Jq8Xk2Lm' },
  { test: is('locationTypeNote'), value: 'Parking behind the clubhouse.' },
  { test: is('detail'), value: 'We will answer by email.' },
  { test: is('field'), value: 'startDate' },
];

/** Integers; anything else is 1. */
const INTEGERS: readonly Rule<number>[] = [
  { test: is('page', 'depth'), value: 0 },
  { test: is('size'), value: 20 },
  { test: is('expiresIn'), value: 3600 },
  { test: is('port'), value: 587 },
  { test: is('durationMonths'), value: 12 },
  { test: is('maxAttendees'), value: 120 },
  { test: is('syncIntervalMinutes'), value: 60 },
  { test: is('fileSize'), value: 482133 },
  { test: is('expiresInDays'), value: 14 },
  { test: is('smtpCode'), value: 250 },
];

/** Booleans that read best true; the rest are false. */
export const TRUE_BOOLEANS: ReadonlySet<string> = new Set([
  'success',
  'passed',
  'valid',
  'enabled',
  'configured',
  'registrationRequired',
  'waitingListEnabled',
  'sendInvitationEmail',
  'sendWelcomeEmail',
  'emailVerified',
  'hasPassword',
  'allowMemberSearch',
  'allow_join_requests',
  'showEmail',
  'membersOnly',
  'initialized',
  'passwordSet',
  'done',
]);

/** Optional response values an example shows absent: a sign-in without MFA, a live invitation. */
export const NULL_IN_RESPONSES: ReadonlySet<string> = new Set([
  'mfa_required',
  'challengeToken',
  'cancelledAt',
  'cancellationReason',
  'usedAt',
  'readAt',
  'error',
  'decidedBy',
  'finishedAt',
  'parentCommentId',
  'parentFolderId',
  'targetUserId',
  'targetRole',
]);

/** Request fields an example leaves out, because they exclude another one it shows. */
export const OMIT_IN_REQUESTS: readonly Rule<true>[] = [
  // A login names its organisation by slug or by id, not both.
  { test: inMessage(['organizationId'], /Login/), value: true },
  // An organisation administrator sends to the whole organisation: no target user or role, no organisation id.
  { test: inMessage(['organizationId', 'targetUserId', 'targetRole'], /SendNotification/), value: true },
];

/** A notification's free-form payload, as the spec describes it: a type and an entity id. */
export const NOTIFICATION_DATA = { type: 'EVENT_PUBLISHED', eventId: EXAMPLE_UUID };

export const FORMAT_VALUES: Readonly<Record<string, string>> = {
  uuid: EXAMPLE_UUID,
  'date-time': EXAMPLE_TIMESTAMP,
  date: EXAMPLE_DATE,
  email: 'ada@example.org',
  uri: 'https://harbour-rowing.example.org',
  'uri-reference': 'https://harbour-rowing.example.org',
};

export const stringFor = (name: string, parent: string): string | undefined => STRINGS.find((rule) => rule.test(name, parent))?.value;
export const integerFor = (name: string): number => INTEGERS.find((rule) => rule.test(name, ''))?.value ?? 1;
export const isMoney = (name: string): boolean => /(price|Price|amount|Amount)$/.test(name);

/**
 * The first value a field's comment lists (`PENDING, ACTIVE, SUSPENDED` or `ACTIVE (default) or
 * PAUSED`), or its only one (`LEGACY_SITE`, `Always RECEIVED.`): the protos keep many of their
 * enumerations as documented strings.
 */
export function documentedValue(description: string): string | undefined {
  const listed = /\b([A-Z][A-Z0-9_]+)\b(?:\s*\([^)]*\))?(?:,\s*|\s+or\s+)[A-Z][A-Z0-9_]+\b/.exec(description);
  if (listed) return listed[1];
  // A lone word is a value only when it looks like one (LEGACY_SITE), not an abbreviation (HTML).
  return /^(?:Always\s+([A-Z][A-Z0-9_]+)|([A-Z][A-Z0-9]*_[A-Z0-9_]+))\.?$/.exec(description.trim())?.slice(1).find(Boolean);
}
