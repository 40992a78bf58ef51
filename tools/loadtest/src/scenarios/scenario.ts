import { bearer } from '@platform/api-client';
import type { LoadTestOptions } from '../args';
import type { HttpClient, HttpRequest, HttpResult } from '../http-client';
import type { ScenarioName } from './names';

/** One request a scenario wants sent next: a call of the typed client. */
export interface Step extends HttpRequest {
  /** Groups samples in the report: `GET /api/auth/me`. */
  label: string;
  /** Statuses that are the expected answer (a 401 for a wrong password is); anything else is an error. */
  expect: readonly number[];
  /** Sees the answer (body parsed as JSON), e.g. to keep a token. */
  onAnswer?: (result: HttpResult) => void;
}

export interface ScenarioPlan {
  next(): Step;
  /** What the scenario left out and why (a route the platform does not serve yet). */
  notes: string[];
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
