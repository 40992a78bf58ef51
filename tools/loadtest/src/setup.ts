import type { LoadTestOptions } from './args';
import type { HttpClient } from './http-client';
import { nth, tokenOf, type Account, type World } from './scenarios/scenario';

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
 * scenarios that need it are skipped with that reason.
 */
export async function setUp(http: HttpClient, options: LoadTestOptions, hooks: SetupHooks, log: (line: string) => void): Promise<World> {
  const { runId } = options;
  const health = await http.send({ method: 'GET', path: '/api/auth/health' });
  if (health.outcome !== 200) throw new Error(`the gateway at ${options.baseUrl.href} answered ${health.outcome} to GET /api/auth/health`);

  const world: World = { http, options, members: [], searchTerms: [] };
  const admin = await http.send({ method: 'POST', path: '/api/auth/system/login', body: options.admin }, { parseJson: true });
  world.adminToken = admin.outcome === 200 ? tokenOf(admin.json) : undefined;
  if (!world.adminToken) {
    world.adminProblem = `the platform admin sign-in (${options.admin.email}) answered ${admin.outcome}`;
    log(`setup: ${world.adminProblem}`);
  }

  let attach: ((account: Account, role: OrgRole) => Promise<string | undefined>) | undefined;
  if (hooks.organisation) {
    const hook = hooks.organisation;
    world.organizationId = hook.id;
    attach = async (account, role) => void (await hook.attach(account, role));
  } else if (world.adminToken) {
    const created = await http.send(
      {
        method: 'POST',
        path: '/api/orgs',
        token: world.adminToken,
        body: { name: `Load test ${runId}`, slug: `lt-${runId}`, subdomain: `lt-${runId}`, email: `org-${runId}@loadtest.example.com`, orgType: 'ASSOCIATION' },
      },
      { parseJson: true },
    );
    const id = (created.json as { id?: unknown } | undefined)?.id;
    if (created.outcome === 201 && typeof id === 'string') {
      world.organizationId = id;
      attach = await memberAttacher(http, world.adminToken, id);
    } else {
      world.organisationProblem = `POST /api/orgs answered ${created.outcome}`;
    }
  } else {
    world.organisationProblem = 'no platform admin to create it';
  }
  if (world.organisationProblem) log(`setup: no organisation (${world.organisationProblem}); organisation reads and member sign-in will be skipped`);

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
    const res = await http.send(
      {
        method: 'POST',
        path: '/api/auth/org/register',
        body: { email: account.email, password: account.password, firstName: account.firstName, lastName: account.lastName },
      },
      { parseJson: true },
    );
    const id = (res.json as { id?: unknown } | undefined)?.id;
    if (res.outcome !== 201 || typeof id !== 'string') throw new Error(`setup: POST /api/auth/org/register answered ${res.outcome}`);
    return { ...account, id };
  });
  const [orgAdmin, ...members] = registered;
  world.members = members;

  if (attach) {
    const failures = (await inBatches(registered, 8, (account, i) => attach(account, i === 0 ? 'ADMIN' : 'MEMBER'))).filter(Boolean);
    if (failures.length > 0) world.organisationProblem = failures[0];
    else world.orgAdmin = orgAdmin;
  }

  const first = nth(members, 0);
  const probe = await http.send({ method: 'POST', path: '/api/auth/org/login', body: { email: first.email, password: first.password } }, { parseJson: true });
  if (probe.outcome !== 200 || !tokenOf(probe.json)) {
    world.memberLoginProblem = `a member's sign-in (POST /api/auth/org/login) answered ${probe.outcome}${world.organisationProblem ? ` (no organisation: ${world.organisationProblem})` : ''}`;
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
  const roles = await http.send({ method: 'GET', path: `/api/orgs/${organizationId}/roles`, token }, { parseJson: true });
  const roleIds = new Map<string, string>();
  if (roles.outcome === 200 && Array.isArray(roles.json)) {
    for (const role of roles.json as { roleId?: string; name?: string }[]) if (role.name && role.roleId) roleIds.set(role.name, role.roleId);
  }
  return async (account, role) => {
    const res = await http.send({
      method: 'POST',
      path: `/api/orgs/${organizationId}/users`,
      token,
      body: {
        email: account.email,
        firstName: account.firstName,
        lastName: account.lastName,
        sendInvitationEmail: false,
        ...(roleIds.has(role) ? { roleId: roleIds.get(role) } : {}),
      },
    });
    return res.outcome === 201 || res.outcome === 200 ? undefined : `POST /api/orgs/{id}/users answered ${res.outcome}`;
  };
}
