import { PlatformError } from '@platform/errors';

/** The organisation does not exist or was deleted (the same answer for both). */
export const organizationNotFound = (): PlatformError => PlatformError.notFound('Organisation');

/** The person already has a running membership in the organisation. */
export const alreadyMember = (): PlatformError => PlatformError.conflict('This person is already a member of the organisation');
