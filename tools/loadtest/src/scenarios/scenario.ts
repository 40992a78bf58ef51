import { bearer } from '@platform/api-client';
import type { LoadTestOptions } from '../args';
import type { HttpClient, HttpRequest, HttpResult } from '../http-client';
import type { Check } from '../report';
import type { ScenarioName } from './names';

/** One request a scenario wants sent next: a call of the typed client. */
export interface Step extends HttpRequest {
  /** Groups samples in the report: `GET /api/auth/me`. */
  label: string;
  /** The scenario it belongs to (set by the mix). */
  scenario?: string;
  /** Statuses that are the expected answer (a 401 for a wrong password is); anything else is an error. */
  expect: readonly number[];
  /** Sees the answer (body parsed as JSON), e.g. to keep a token. */
  onAnswer?: (result: HttpResult) => void;
}

export interface ScenarioPlan {
  /** The next request, or a burst of requests started together (a capacity race). */
  next(): Step | Step[];
  /** What the scenario left out and why (a route the platform does not serve yet). */
  notes: string[];
  /** After the load: correctness checks (no overbooking, the last sync ended). A failed one fails the run. */
  verify?(): Promise<Check[]>;
}

export type Prepared = { kind: 'ready'; plan: ScenarioPlan } | { kind: 'skipped'; reason: string };

export interface Account {
  id: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** What the setup step made and learnt, shared by the scenarios of a run. */
export interface World {
  http: HttpClient;
  options: LoadTestOptions;
  adminToken?: string;
  /** Why there is no admin token. */
  adminProblem?: string;
  organizationId?: string;
  organizationProblem?: string;
  members: Account[];
  /** A member with the organisation's ADMIN role, when there is an organisation. */
  orgAdmin?: Account;
  /** The organisation admin's token (else the platform admin's): content, events, documents, notifications. */
  orgAdminToken?: string;
  /** Undefined when members can sign in; otherwise why not. */
  memberLoginProblem?: string;
  /** Words the members' names are made of, for searches. */
  searchTerms: string[];
}

export interface Scenario {
  name: ScenarioName;
  description: string;
  prepare(world: World): Promise<Prepared>;
}

/** `POST /api/auth/org/login` for an account, keeping the token when it succeeds. */
export function memberLoginStep(account: Account, onToken: (token: string | undefined, result: HttpResult) => void, label = 'POST /api/auth/org/login'): Step {
  return {
    label,
    call: (api, signal) => api.POST('/api/auth/org/login', { body: { email: account.email, password: account.password }, signal }),
    expect: [200],
    onAnswer: (result) => onToken(result.outcome === 200 ? tokenOf(result.json) : undefined, result),
  };
}

export function tokenOf(json: unknown): string | undefined {
  const token = (json as { accessToken?: unknown } | undefined)?.accessToken;
  return typeof token === 'string' && token !== '' ? token : undefined;
}

/** The item at `n`, counting round the list again past its end. */
export function nth<T>(items: readonly T[], n: number): T {
  const item = items[n % items.length];
  if (item === undefined) throw new Error('nothing to choose from');
  return item;
}

/** `Authorization: Bearer <token>`, or nothing without one. */
export const authorised = (token: string | undefined) => ({ headers: bearer(token) });

/** A missing route or service (404, 501) or an unavailable one (503). */
export const isMissing = (outcome: unknown): boolean => outcome === 404 || outcome === 501 || outcome === 503;

/** A token of a member, signed in once per plan (the first member by default). */
export async function memberToken(world: World, n = 0): Promise<string | undefined> {
  if (world.members.length === 0) return undefined;
  const login = await world.http.send(memberLoginStep(nth(world.members, n), () => undefined));
  return login.outcome === 200 ? tokenOf(login.json) : undefined;
}

/** Members' tokens, one sign-in each (in batches of 4, bcrypt being the slow part). */
export async function memberTokens(world: World): Promise<(string | undefined)[]> {
  const out: (string | undefined)[] = [];
  for (let i = 0; i < world.members.length; i += 4) {
    out.push(...(await Promise.all(world.members.slice(i, i + 4).map((_, j) => memberToken(world, i + j)))));
  }
  return out;
}

/** `{ organizationId }` as the path parameter most organisation routes take. */
export const inOrg = (organizationId: string) => ({ organizationId });
