/** The kinds of email the platform sends; each organisation has one template per type. */
export const TEMPLATE_TYPES = [
  'WELCOME',
  'INVITATION',
  'PASSWORD_RESET',
  'EMAIL_VERIFICATION',
  'EVENT_CONFIRMATION',
  'EVENT_CANCELLED',
  'EVENT_PUBLISHED',
  'MEMBERSHIP_RENEWAL',
  'JOIN_REQUEST_APPROVED',
  'JOIN_REQUEST_REJECTED',
  'CREATION_INVITATION',
] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];

export const isTemplateType = (value: string): value is TemplateType => (TEMPLATE_TYPES as readonly string[]).includes(value);

/** Values every template may use. */
const COMMON_PLACEHOLDERS = ['org.name', 'org.slug', 'user.firstName', 'user.lastName', 'user.email', 'app.name', 'app.url'] as const;

const EVENT_PLACEHOLDERS = ['event.title', 'event.startsAt', 'event.location', 'event.url'] as const;

export interface TemplateVocabulary {
  /** Value placeholders: `{{org.name}}`. */
  placeholders: readonly string[];
  /** Flags for sections: `{{#accountCreated}}…{{/accountCreated}}`, `{{^resend}}…{{/resend}}`. */
  flags: readonly string[];
}

/** What each type's subject and body may name. Anything else is an unknown placeholder (400). */
export const VOCABULARY: Record<TemplateType, TemplateVocabulary> = {
  WELCOME: { placeholders: [...COMMON_PLACEHOLDERS, 'loginUrl', 'setPasswordUrl'], flags: ['accountCreated'] },
  INVITATION: {
    placeholders: [...COMMON_PLACEHOLDERS, 'role', 'loginUrl', 'setPasswordUrl', 'acceptUrl', 'message'],
    flags: ['accountCreated', 'hasAcceptUrl', 'hasMessage'],
  },
  PASSWORD_RESET: { placeholders: [...COMMON_PLACEHOLDERS, 'code', 'expiresInMinutes', 'resetUrl'], flags: ['resend'] },
  EMAIL_VERIFICATION: { placeholders: [...COMMON_PLACEHOLDERS, 'verificationUrl', 'token', 'expiresInDays'], flags: [] },
  EVENT_CONFIRMATION: { placeholders: [...COMMON_PLACEHOLDERS, ...EVENT_PLACEHOLDERS], flags: ['waitlisted'] },
  EVENT_CANCELLED: { placeholders: [...COMMON_PLACEHOLDERS, ...EVENT_PLACEHOLDERS, 'reason'], flags: ['hasReason'] },
  EVENT_PUBLISHED: { placeholders: [...COMMON_PLACEHOLDERS, ...EVENT_PLACEHOLDERS], flags: [] },
  MEMBERSHIP_RENEWAL: {
    placeholders: [
      ...COMMON_PLACEHOLDERS,
      'membership.type',
      'membership.endDate',
      'membership.daysLeft',
      'membership.price',
      'membership.currency',
      'loginUrl',
    ],
    flags: ['isLastReminder', 'isPaid'],
  },
  JOIN_REQUEST_APPROVED: { placeholders: [...COMMON_PLACEHOLDERS, 'loginUrl', 'setPasswordUrl'], flags: ['accountCreated'] },
  JOIN_REQUEST_REJECTED: { placeholders: [...COMMON_PLACEHOLDERS], flags: [] },
  CREATION_INVITATION: { placeholders: [...COMMON_PLACEHOLDERS, 'createUrl', 'suggestedOrgName', 'expiresInDays'], flags: ['hasSuggestedName'] },
};

/** Values of a rendering: placeholder → text, flag → on/off. */
export interface TemplateValues {
  values: Record<string, string>;
  flags: Record<string, boolean>;
}

/** The data a preview renders with when the caller gives none. */
export const SAMPLE_VALUES: TemplateValues = {
  values: {
    'org.name': 'Example Association',
    'org.slug': 'example',
    'user.firstName': 'Alex',
    'user.lastName': 'Sample',
    'user.email': 'alex.sample@example.org',
    'app.name': 'Association Platform',
    'app.url': 'https://app.example.org',
    loginUrl: 'https://app.example.org/login?org=example',
    setPasswordUrl: 'https://app.example.org/reset-password?email=alex.sample%40example.org',
    acceptUrl: 'https://app.example.org/invitations/accept?token=sample',
    role: 'MEMBER',
    message: 'We would be glad to have you with us.',
    code: '123456',
    expiresInMinutes: '15',
    resetUrl: 'https://app.example.org/reset-password?email=alex.sample%40example.org',
    verificationUrl: 'https://app.example.org/verify-email?token=sample',
    token: 'sample',
    expiresInDays: '7',
    'event.title': 'Annual General Meeting',
    'event.startsAt': '2027-03-14 18:00 UTC',
    'event.location': 'Town Hall',
    'event.url': 'https://app.example.org/events/sample',
    reason: 'The venue is unavailable.',
    'membership.type': 'Full membership',
    'membership.endDate': '2027-03-31',
    'membership.daysLeft': '30',
    'membership.price': '120.00',
    'membership.currency': 'EUR',
    createUrl: 'https://app.example.org/create-organisation?token=sample',
    suggestedOrgName: 'Example Association',
  },
  flags: {
    accountCreated: true,
    hasAcceptUrl: true,
    hasMessage: true,
    resend: false,
    waitlisted: false,
    hasReason: true,
    isLastReminder: false,
    isPaid: true,
    hasSuggestedName: true,
  },
};
