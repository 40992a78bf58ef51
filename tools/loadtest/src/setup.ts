import type { LoadTestOptions } from './args';
import type { HttpClient } from './http-client';
import { authorised, nth, tokenOf, type Account, type World } from './scenarios/scenario';

export type OrgRole = 'MEMBER' | 'ADMIN';

/**
 * Replaces the organisation service for a platform that has none (the local test stack, whose
 * organisation service is a stand-in): an organisation id and a way to make an account its member.
 */
export interface SetupHooks {
  organisation?: { id: string; attach(account: Account, role: OrgRole): void | Promise<void> };
}

const FIRST_NAMES = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Frances', 'Ken', 'Margaret', 'Tim'];
const LAST_NAMES = ['Lovelace', 'Hopper', 'Turing', 'Dijkstra', 'Liskov', 'Knuth', 'Allen', 'Thompson', 'Hamilton', 'Berners'];

async function inBatches<T, R>(items: T[], size: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map((item, j) => work(item, i + j)))));
  return out;
}

/**
 * Creates what the scenarios need, through the public API only: signs in the platform admin,
 * creates an organisation, registers the member accounts (and one organisation admin) and makes
 * them members. Whatever the platform does not serve yet is recorded as a problem, and the
 * scenarios that need it are skipped with that reason. Every call goes through the typed client.
 */
export async function setUp(http: HttpClient, options: LoadTestOptions, hooks: SetupHooks, log: (line: string) => void): Promise<World> {
  const { runId } = options;
  const { api } = http;
  const signal = () => http.deadline();
  const health = await api.GET('/api/auth/health', { signal: signal() });
  if (health.response.status !== 200) throw new Error(`the gateway at ${options.baseUrl.href} answered ${health.response.status} to GET /api/auth/health`);

  const world: World = { http, options, members: [], searchTerms: [] };
  const admin = await api.POST('/api/auth/system/login', { body: options.admin, signal: signal() });
  world.adminToken = tokenOf(admin.data);
  if (!world.adminToken) {
    world.adminProblem = `the platform admin sign-in (${options.admin.email}) answered ${admin.response.status}`;
    log(`setup: ${world.adminProblem}`);
  }

  let attach: ((account: Account, role: OrgRole) => Promise<string | undefined>) | undefined;
  if (hooks.organisation) {
    const hook = hooks.organisation;
    world.organizationId = hook.id;
    attach = async (account, role) => void (await hook.attach(account, role));
  } else if (world.adminToken) {
    const created = await api.POST('/api/orgs', {
      ...authorised(world.adminToken),
      body: { name: `Load test ${runId}`, slug: `lt-${runId}`, subdomain: `lt-${runId}`, email: `org-${runId}@loadtest.example.com`, orgType: 'ASSOCIATION' },
      signal: signal(),
    });
    const id = created.data?.id;
    if (created.response.status === 201 && id) {
      world.organizationId = id;
      attach = await memberAttacher(http, world.adminToken, id);
    } else {
      world.organizationProblem = `POST /api/orgs answered ${created.response.status}`;
    }
  } else {
    world.organizationProblem = 'no platform admin to create it';
  }
  if (world.organizationProblem) log(`setup: no organisation (${world.organizationProblem}); organisation reads and member sign-in will be skipped`);

  const accounts: Account[] = Array.from({ length: options.members + 1 }, (_, i) => ({
    id: '',
    email: i === 0 ? `lt-${runId}-admin@loadtest.example.com` : `lt-${runId}-m${i}@loadtest.example.com`,
    password: `load test password ${runId}`,
    firstName: nth(FIRST_NAMES, i),
    lastName: nth(LAST_NAMES, Math.floor(i / FIRST_NAMES.length)),
  }));
  // Searches for names the members have, and one nobody has.
  world.searchTerms = [...new Set(accounts.flatMap((a) => [a.lastName, a.firstName])), 'Nobody'];
  log(`setup: registering ${accounts.length} accounts`);
  const registered = await inBatches(accounts, 4, async (account) => {
    const res = await api.POST('/api/auth/org/register', {
      body: { email: account.email, password: account.password, firstName: account.firstName, lastName: account.lastName },
      signal: signal(),
    });
    const id = res.data?.id;
    if (res.response.status !== 201 || !id) throw new Error(`setup: POST /api/auth/org/register answered ${res.response.status}`);
    return { ...account, id };
  });
  const [orgAdmin, ...members] = registered;
  world.members = members;

  if (attach) {
    const failures = (await inBatches(registered, 8, (account, i) => attach(account, i === 0 ? 'ADMIN' : 'MEMBER'))).filter(Boolean);
    if (failures.length > 0) world.organizationProblem = failures[0];
    else world.orgAdmin = orgAdmin;
  }

  if (world.orgAdmin) {
    const login = await api.POST('/api/auth/org/login', {
      body: { email: world.orgAdmin.email, password: world.orgAdmin.password, ...(world.organizationId ? { organizationId: world.organizationId } : {}) },
      signal: signal(),
    });
    world.orgAdminToken = tokenOf(login.data);
    if (!world.orgAdminToken) log(`setup: the organisation admin's sign-in answered ${login.response.status}`);
  }

  const first = nth(members, 0);
  const probe = await api.POST('/api/auth/org/login', { body: { email: first.email, password: first.password }, signal: signal() });
  if (probe.response.status !== 200 || !tokenOf(probe.data)) {
    world.memberLoginProblem = `a member's sign-in (POST /api/auth/org/login) answered ${probe.response.status}${world.organizationProblem ? ` (no organisation: ${world.organizationProblem})` : ''}`;
    log(`setup: ${world.memberLoginProblem}`);
  }
  return world;
}

/** Adds accounts to the organisation with a role, through `POST /api/orgs/{id}/users`. */
async function memberAttacher(
  http: HttpClient,
  token: string,
  organizationId: string,
): Promise<(account: Account, role: OrgRole) => Promise<string | undefined>> {
  const roles = await http.api.GET('/api/orgs/{id}/roles', { params: { path: { id: organizationId } }, ...authorised(token), signal: http.deadline() });
  const roleIds = new Map<string, string>();
  for (const role of roles.data ?? []) if (role.name && role.roleId) roleIds.set(role.name, role.roleId);
  return async (account, role) => {
    const res = await http.api.POST('/api/orgs/{organizationId}/users', {
      params: { path: { organizationId } },
      ...authorised(token),
      signal: http.deadline(),
      body: {
        email: account.email,
        firstName: account.firstName,
        lastName: account.lastName,
        sendInvitationEmail: false,
        ...(roleIds.has(role) ? { roleId: roleIds.get(role) } : {}),
      },
    });
    return res.response.ok ? undefined : `POST /api/orgs/{id}/users answered ${res.response.status}`;
  };
}
