import { roleHas, type AccessClaims } from '@platform/auth';

/** Who is reading, as far as content visibility goes. */
export interface Viewer {
  id: string;
  /** Sees every status and edits (ORG:NEWS:UPDATE: OWNER, ADMIN, platform administrators). */
  manager: boolean;
  /** A GUEST never sees members-only content. */
  guest: boolean;
  /** May delete anyone's comment (ORG:COMMENT:DELETE). */
  moderator: boolean;
  name: string;
}

export function viewerOf(caller: AccessClaims): Viewer {
  const role = caller.userType === 'SYSTEM' ? caller.systemRole : caller.organizationRole;
  return {
    id: caller.sub,
    manager: roleHas(role, 'ORG:NEWS:UPDATE'),
    guest: caller.userType !== 'SYSTEM' && caller.organizationRole === 'GUEST',
    moderator: roleHas(role, 'ORG:COMMENT:DELETE'),
    name: caller.username ?? caller.email ?? '',
  };
}

/** Whether the viewer may see an article in this state (members: visible PUBLISHED; GUESTs: not members-only). */
export function maySee(viewer: Viewer, article: { membersOnly: boolean; visible: boolean }): boolean {
  if (viewer.guest && article.membersOnly) return false;
  return viewer.manager || article.visible;
}
