import type { OrgRole } from '@platform/auth';
import { importDecision, importHash } from '@platform/imports';
import type { MemberProfile } from './member-fields';
import {
  failedImport,
  importedProfileOf,
  importedRoleAndStatus,
  importedValues,
  samePersonAs,
  type FoundAccount,
  type ImportChunk,
  type ImportOutcome,
  type ImportRecord,
} from './member-import';
import { listColumns, type AccountNames, type MemberListColumns, type NameOverrides } from './member-profile';
import { membershipLimitReached } from './membership-limit';
import { isCurrent, transition, type MembershipStatus } from './membership-status';

/** A membership as an import reads and writes it (`id` is '' for one the plan creates). */
export interface ImportedMember extends MemberProfile, NameOverrides, MemberListColumns {
  id: string;
  accountId: string;
  roleId: string;
  role: OrgRole;
  status: MembershipStatus;
  importHash: string | null;
  joinedAt: Date;
  endedAt: Date | null;
  /** When the membership was recorded: for an imported one, the source's registration. Written on create only. */
  createdAt: Date;
}

/** Which columns an update writes: the hash alone; role, status, externalId and period too; or those and the profile. */
export type ImportedColumns = 'hash' | 'lifecycle' | 'profile';

export interface MembershipChangeFacts {
  accountId: string;
  role: OrgRole;
  status: MembershipStatus;
  previousStatus: MembershipStatus | '';
  previousRole: OrgRole | '';
}

/** What the chunk's transaction read, besides the chunk itself. */
export interface ChunkFacts {
  now: Date;
  /** The organisation's memberships with the chunk's externalIds or with the accounts of its emails. */
  members: readonly ImportedMember[];
  /** The projected accounts of those memberships and of the chunk's emails, as they stand in the transaction. */
  accounts: ReadonlyMap<string, AccountNames>;
  /** Running memberships of accounts, counted with the account locked. */
  running: ReadonlyMap<string, number>;
}

export interface ChunkPlan {
  /** One per record, in order. */
  outcomes: ImportOutcome[];
  /**
   * Accounts whose running memberships the limit needs and `running` lacks: lock and count them,
   * then plan again (a record refused by the limit can change what the records after it need).
   */
  uncounted: string[];
  creates: ImportedMember[];
  updates: { member: ImportedMember; columns: ImportedColumns }[];
  /** organisation.membership.changed, in the order the records made the changes. */
  changes: MembershipChangeFacts[];
}

interface MemberState {
  member: ImportedMember;
  created: boolean;
  columns?: ImportedColumns;
}

const WIDER: Record<ImportedColumns, number> = { hash: 0, lifecycle: 1, profile: 2 };

/**
 * The writes of one chunk of an import, decided record by record as if each were applied in turn
 * (UpsertMembers' rules: see app/import-members.ts), against the state read at the start of the
 * chunk's transaction. A record refused by the limit changes nothing, as its savepoint would; the
 * others see what the records before them did (a repeated externalId, a second record for one email).
 */
export function planImportChunk(chunk: ImportChunk, facts: ChunkFacts): ChunkPlan {
  const byExternalId = new Map<string, MemberState>();
  const byAccount = new Map<string, MemberState>();
  for (const member of facts.members) {
    const state: MemberState = { member: { ...member }, created: false };
    if (member.externalId) byExternalId.set(member.externalId, state);
    byAccount.set(member.accountId, state);
  }
  const touched: MemberState[] = [];
  const changes: MembershipChangeFacts[] = [];
  const uncounted = new Set<string>();
  const started = new Map<string, number>();
  const now = facts.now;

  const touch = (state: MemberState, columns: ImportedColumns) => {
    if (!state.created && state.columns === undefined) touched.push(state);
    if (state.columns === undefined || WIDER[columns] > WIDER[state.columns]) state.columns = columns;
  };
  const shiftRunning = (accountId: string, by: number) => started.set(accountId, (started.get(accountId) ?? 0) + by);
  /** The limit's refusal of one more running membership, if any. */
  const refusal = (accountId: string): string | undefined => {
    if (chunk.limit === undefined) return undefined;
    const counted = facts.running.get(accountId);
    if (counted === undefined) {
      uncounted.add(accountId);
      return undefined;
    }
    return counted + (started.get(accountId) ?? 0) >= chunk.limit ? membershipLimitReached(chunk.limit).message : undefined;
  };

  const planRecord = (record: ImportRecord, found: FoundAccount): ImportOutcome => {
    let state = byExternalId.get(record.externalId);
    let accountId: string;
    if (state) accountId = state.member.accountId;
    else {
      if (!found || found instanceof Error) return failedImport(`the account could not be found or created: ${found?.message ?? 'unknown'}`);
      if (found.account.userType === 'SYSTEM') return failedImport('this email belongs to a platform staff account, which cannot be a member');
      accountId = found.account.id;
      state = byAccount.get(accountId);
      if (state?.member.externalId) return samePersonAs(accountId, state.member.externalId);
    }
    const account = facts.accounts.get(accountId);
    if (!account) throw new Error(`account ${accountId} is not in the projection`);

    const target = importedRoleAndStatus(state ? { role: state.member.role, status: state.member.status } : undefined, record);
    const role = chunk.roles.get(target.role);
    if (!role) throw new Error(`the organisation has no ${target.role} role`);
    const { overrides, profile, wanted, registeredAt } = importedValues(record, account);
    const { externalId } = record;

    if (!state) {
      const next = transition('INACTIVE', { kind: 'set-status', status: target.status });
      if (next.restarts) {
        const refused = refusal(accountId);
        if (refused) return failedImport(refused);
        shiftRunning(accountId, 1);
      }
      const member: ImportedMember = {
        id: '',
        accountId,
        roleId: role.id,
        role: role.name,
        status: target.status,
        ...overrides,
        ...listColumns(account, overrides),
        ...profile,
        importHash: importHash(wanted),
        joinedAt: now,
        endedAt: isCurrent(target.status) ? null : now,
        createdAt: registeredAt ?? now,
      };
      const created: MemberState = { member, created: true };
      byExternalId.set(externalId, created);
      byAccount.set(accountId, created);
      touched.push(created);
      changes.push({ accountId, role: role.name, status: member.status, previousStatus: '', previousRole: '' });
      return { action: 'CREATE', userId: accountId, error: '' };
    }

    // A platform edit of the profile since the last import is kept: SKIP while the source is unchanged, CONFLICT when it changed too.
    // Role and status follow the source as before (the membership's lifecycle, not the profile).
    const member = state.member;
    const decision = importDecision(importedProfileOf(member), wanted, member.importHash);
    const profileUpdates = decision.action === 'UPDATE';
    // A member added on the platform and found by its account takes the record's externalId.
    const linking = member.externalId !== externalId;
    const next = transition(member.status, { kind: 'set-status', status: target.status });
    const roleChanged = role.id !== member.roleId;
    if (!next.changed && !roleChanged && !profileUpdates && !linking) {
      if (decision.hash !== member.importHash) {
        member.importHash = decision.hash;
        touch(state, 'hash');
      }
      return { action: decision.action, userId: accountId, error: '' };
    }
    if (next.restarts) {
      const refused = refusal(accountId);
      if (refused) return failedImport(refused);
      shiftRunning(accountId, 1);
    }
    if (next.ends) shiftRunning(accountId, -1);
    const previous = { status: member.status, role: member.role };
    Object.assign(member, { roleId: role.id, role: role.name, status: next.to, importHash: decision.hash });
    if (profileUpdates) Object.assign(member, overrides, listColumns(account, overrides), profile);
    else member.externalId = externalId;
    if (next.ends) member.endedAt = now;
    if (next.restarts) Object.assign(member, { joinedAt: now, endedAt: null });
    touch(state, profileUpdates ? 'profile' : 'lifecycle');
    if (linking) byExternalId.set(externalId, state);
    if (next.changed || roleChanged) {
      changes.push({ accountId, role: role.name, status: next.to, previousStatus: previous.status, previousRole: roleChanged ? previous.role : '' });
    }
    return { action: decision.action === 'CONFLICT' ? 'CONFLICT' : 'UPDATE', userId: accountId, error: '' };
  };

  const outcomes = chunk.records.map(({ entry, found }) => (entry.record ? planRecord(entry.record, found) : failedImport(entry.problem ?? 'invalid record')));
  return {
    outcomes,
    uncounted: [...uncounted],
    creates: touched.filter((s) => s.created).map((s) => s.member),
    updates: touched.flatMap((s) => (!s.created && s.columns ? [{ member: s.member, columns: s.columns }] : [])),
    changes,
  };
}
