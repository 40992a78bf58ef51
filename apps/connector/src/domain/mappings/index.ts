export { mapArticle, articleStatus } from './articles';
export { mapCompany } from './companies';
export { mapDocument, folderChain, ROOT_FOLDERS, type MappedDocument } from './documents';
export { mapEvent, eventStatus } from './events';
export { mapMember, membershipOf } from './members';
export { mapNotification, notificationLink } from './notifications';
export { MAPPABLE_FIELDS, fieldReader, type SourceRecord } from './field-mappings';
export type { Mapped } from './mapped';
