import { createContext, useContext } from 'react';
import type { Schema } from '@platform/api-client';

export interface MemberContextValue {
  organizationId: string;
  userId: string;
  role: string | undefined;
  /** The organisation (name, slug), once loaded. */
  organisation: Schema<'platform.organisation.v1.Organisation'> | undefined;
  /** Unread inbox entries, once counted. */
  unread: number | undefined;
  /** Counts the unread entries again (after the inbox changed them). */
  refreshUnread(): void;
}

export const MemberContext = createContext<MemberContextValue | undefined>(undefined);

/** The signed-in member's organisation and inbox count, as the member shell provides them. */
export function useMember(): MemberContextValue {
  const value = useContext(MemberContext);
  if (!value) throw new Error('useMember outside the member shell');
  return value;
}
