import { authorised, inOrg, type World } from './scenario';

/**
 * Data the scenarios read, made once per run through the API as the organisation admin, every
 * title tagged with the run (`[lt-<runId>]`) in the run's own organisation: news articles and
 * events, published.
 */
export interface Content {
  articleIds: string[];
  eventIds: string[];
  /** What could not be made, and why. */
  problems: string[];
}

const made = new WeakMap<World, Promise<Content>>();

export function content(world: World): Promise<Content> {
  let promise = made.get(world);
  if (!promise) {
    promise = makeContent(world);
    made.set(world, promise);
  }
  return promise;
}

/** An event body: a weekday evening a year from now, in person. */
export function eventBody(title: string, maxAttendees: number, waitingListEnabled: boolean) {
  const start = new Date(Date.now() + 365 * 86_400_000);
  start.setUTCHours(18, 0, 0, 0);
  return {
    title,
    description: '<p>Made by the load test.</p>',
    eventType: 'IN_PERSON',
    category: 'Load test',
    startDate: start.toISOString(),
    endDate: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
    venueName: 'Load test hall',
    registrationRequired: true,
    maxAttendees,
    waitingListEnabled,
    isFree: true,
  };
}

/** Creates and publishes an event; answers its id or why not. */
export async function publishedEvent(world: World, body: ReturnType<typeof eventBody>): Promise<{ id?: string; problem?: string }> {
  const orgId = world.organizationId;
  const token = world.orgAdminToken;
  if (!orgId || !token) return { problem: 'no organisation or organisation admin' };
  const { api } = world.http;
  const created = await api.POST('/api/orgs/{organizationId}/events', {
    params: { path: inOrg(orgId) },
    ...authorised(token),
    body,
    signal: world.http.deadline(),
  });
  const id = created.data?.id;
  if (created.response.status !== 201 || !id) return { problem: `POST /api/orgs/{id}/events answered ${created.response.status}` };
  const published = await api.POST('/api/orgs/{organizationId}/events/{eventId}/publish', {
    params: { path: { organizationId: orgId, eventId: id } },
    ...authorised(token),
    signal: world.http.deadline(),
  });
  if (!published.response.ok) return { problem: `POST /api/orgs/{id}/events/{id}/publish answered ${published.response.status}` };
  return { id };
}

async function makeContent(world: World): Promise<Content> {
  const result: Content = { articleIds: [], eventIds: [], problems: [] };
  const orgId = world.organizationId;
  const token = world.orgAdminToken;
  if (!orgId || !token) {
    result.problems.push(`no organisation admin (${world.organizationProblem ?? 'unknown'})`);
    return result;
  }
  const { api } = world.http;
  const tag = `[lt-${world.options.runId}]`;
  for (let i = 1; i <= 3; i++) {
    const created = await api.POST('/api/orgs/{organizationId}/news', {
      params: { path: inOrg(orgId) },
      ...authorised(token),
      body: { title: `${tag} News ${i}`, content: `<p>Article ${i} of the load test ${world.options.runId}.</p>`, tags: ['loadtest'] },
      signal: world.http.deadline(),
    });
    const id = created.data?.id;
    if (created.response.status !== 201 || !id) {
      result.problems.push(`news: POST /api/orgs/{id}/news answered ${created.response.status}`);
      break;
    }
    const published = await api.POST('/api/orgs/{organizationId}/news/{articleId}/publish', {
      params: { path: { organizationId: orgId, articleId: id } },
      ...authorised(token),
      signal: world.http.deadline(),
    });
    if (!published.response.ok) {
      result.problems.push(`news: publish answered ${published.response.status}`);
      break;
    }
    result.articleIds.push(id);
  }
  for (let i = 1; i <= 3; i++) {
    const made = await publishedEvent(world, eventBody(`${tag} Event ${i}`, 10_000, false));
    if (!made.id) {
      result.problems.push(`events: ${made.problem}`);
      break;
    }
    result.eventIds.push(made.id);
  }
  return result;
}
