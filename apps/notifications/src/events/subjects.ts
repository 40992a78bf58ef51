/** The domain events notifications reacts to (it publishes none). */
export const SUBJECTS = {
  userRegistered: 'identity.user.registered',
  passwordResetRequested: 'identity.password.reset-requested',
  memberInvited: 'organisation.member.invited',
  organisationCreated: 'organisation.organisation.created',
  organisationDeleted: 'organisation.organisation.deleted',
  membershipChanged: 'organisation.membership.changed',
} as const;
