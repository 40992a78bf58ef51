/** Post types, statuses, roles and meta keys of the legacy site, and which pull serves which type. */

export const POST_STATUSES = ['publish', 'draft', 'private', 'trash'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

export const POST_TYPES = ['post', 'event', 'conference', 'document', 'policy', 'recall', 'company', 'notification', 'page', 'attachment'] as const;
export type PostType = (typeof POST_TYPES)[number];

export const DOCUMENT_TYPES = ['document', 'policy', 'recall'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const ROLE_MEMBER = 'association-member';
export const ROLE_PENDING = 'pending-review';
export const ROLE_ADMIN = 'administrator';

/** The seven sync pulls and the post types behind each (members are users, not posts). */
export const SYNC_POST_ENTITIES = {
  events: ['event'],
  conferences: ['conference'],
  documents: ['document', 'policy', 'recall'],
  companies: ['company'],
  articles: ['post'],
  notifications: ['notification'],
} as const satisfies Record<string, readonly PostType[]>;
export type SyncPostEntity = keyof typeof SYNC_POST_ENTITIES;
export type SyncEntity = SyncPostEntity | 'members';

export function isSyncPostEntity(name: string): name is SyncPostEntity {
  return Object.prototype.hasOwnProperty.call(SYNC_POST_ENTITIES, name);
}

/** How a stored meta string is returned: as a string, an integer, a boolean or an absolute URL. */
export type MetaKind = 'string' | 'int' | 'bool' | 'url';

const LOCATION_META: Record<string, MetaKind> = {
  _location_name: 'string',
  _location_address: 'string',
  _location_city: 'string',
  _location_state: 'string',
  _location_zip_code: 'string',
  _location_country: 'string',
};

/** Meta keys each post type's records carry (null when the post has no such meta). */
export const META_FIELDS: Record<PostType, Record<string, MetaKind>> = {
  post: {},
  page: {},
  attachment: {},
  event: {
    _event_date_time_start: 'int',
    _event_date_time_end: 'int',
    _event_all_day: 'bool',
    _event_is_virtual: 'bool',
    _event_cost: 'string',
    _event_url: 'string',
    _event_attending_count: 'int',
    ...LOCATION_META,
  },
  conference: {
    _conference_date_time_start: 'int',
    _conference_date_time_end: 'int',
    _conference_all_day: 'bool',
    _conference_is_virtual: 'bool',
    _conference_cost: 'string',
    _conference_url: 'string',
    ...LOCATION_META,
  },
  document: { _document_file: 'url' },
  policy: { _policy_file: 'url' },
  recall: { _recall_file: 'url' },
  company: { _company_url: 'string', _company_phone: 'string', _company_email: 'string', _company_address: 'string' },
  notification: {
    _notification_type: 'string',
    _notification_link_post_id: 'int',
    _notification_link_post_type: 'string',
    _notification_link_post_slug: 'string',
    _notification_link_url: 'string',
    _notification_link_page: 'string',
  },
};

export const FOLDER_TAXONOMY: Record<DocumentType, string> = {
  document: 'document_folder',
  policy: 'policy_folder',
  recall: 'recall_folder',
};

export const FILE_META_KEY: Record<DocumentType, string> = {
  document: '_document_file',
  policy: '_policy_file',
  recall: '_recall_file',
};

export const NOTIFICATION_LINK_TYPES = ['post-type', 'external-link', 'website-page', 'notification'] as const;

/** Member fields kept in usermeta, with how each is returned. */
export const MEMBER_META_FIELDS: Record<string, 'string' | 'bool'> = {
  first_name: 'string',
  last_name: 'string',
  mobile_number: 'string',
  job_title: 'string',
  company_organization: 'string',
  birthday: 'string',
  street_address: 'string',
  city: 'string',
  state: 'string',
  zip: 'string',
  is_certified: 'bool',
  renewal_date: 'string',
  is_exclude_listing: 'bool',
};

/** The CMS's loose truthiness for stored flags ('1', 'true', 'yes', 'on'). */
export function metaFlag(value: string | undefined): boolean {
  return value !== undefined && ['1', 'true', 'yes', 'on'].includes(value.trim().toLowerCase());
}

export function isDocumentType(type: string): type is DocumentType {
  return (DOCUMENT_TYPES as readonly string[]).includes(type);
}
