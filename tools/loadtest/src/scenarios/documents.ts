import { authorised, inOrg, memberTokens, nth, type Scenario, type Step } from './scenario';

/** A small PDF-looking file (the documents service sniffs the type from the bytes). */
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(16 * 1024, 0x20), Buffer.from('\n%%EOF\n')]);

/**
 * Document downloads: the organisation admin uploads 3 MEMBERS_ONLY files in the setup (multipart
 * `POST /api/orgs/{id}/documents`); members then list the documents, read one (its signed
 * `fileUrl`) and download it through that URL (`GET /api/storage/…`), in turns.
 */
export const documents: Scenario = {
  name: 'documents',
  description: 'members list documents, read one and download it by its signed URL',
  async prepare(world) {
    const orgId = world.organizationId;
    const adminToken = world.orgAdminToken;
    if (!orgId || !adminToken) return { kind: 'skipped', reason: `no organisation admin (${world.organizationProblem ?? 'unknown'})` };
    const ids: string[] = [];
    for (let i = 1; i <= 3; i++) {
      const form = new FormData();
      form.append('name', `[lt-${world.options.runId}] Document ${i}`);
      form.append('access', 'MEMBERS_ONLY');
      form.append('file', new Blob([PDF], { type: 'application/pdf' }), `loadtest-${i}.pdf`);
      const res = await world.http.api.POST('/api/orgs/{organizationId}/documents', {
        params: { path: inOrg(orgId) },
        ...authorised(adminToken),
        // multipart as it is: the client must not serialise it as JSON.
        body: form as never,
        bodySerializer: (body: unknown) => body as FormData,
        signal: world.http.deadline(),
      });
      const id = (res.data as { id?: string } | undefined)?.id;
      if (res.response.status !== 201 || !id)
        return { kind: 'skipped', reason: `uploading a document (POST /api/orgs/{id}/documents) answered ${res.response.status}` };
      ids.push(id);
    }
    const tokens = (await memberTokens(world)).filter((t): t is string => Boolean(t));
    if (tokens.length === 0) return { kind: 'skipped', reason: 'no member could sign in' };

    /** The newest signed URL of each document, from its last read. */
    const fileUrls = new Map<string, string>();
    let turn = 0;
    const next = (): Step => {
      const n = turn++;
      const token = nth(tokens, n);
      const docId = nth(ids, n >> 1);
      const url = fileUrls.get(docId);
      if (n % 3 === 2 && url) {
        return { label: 'GET /api/storage/… (download)', call: (_api, signal, raw) => raw(url, signal), expect: [200] };
      }
      if (n % 3 === 0) {
        return {
          label: 'GET /api/orgs/{id}/documents',
          call: (api, signal) =>
            api.GET('/api/orgs/{organizationId}/documents', { params: { path: inOrg(orgId), query: { page: 0, size: 20 } }, ...authorised(token), signal }),
          expect: [200],
        };
      }
      return {
        label: 'GET /api/orgs/{id}/documents/{docId}',
        call: (api, signal) =>
          api.GET('/api/orgs/{organizationId}/documents/{docId}', { params: { path: { organizationId: orgId, docId } }, ...authorised(token), signal }),
        expect: [200],
        onAnswer: (result) => {
          const fileUrl = (result.json as { fileUrl?: unknown } | undefined)?.fileUrl;
          if (typeof fileUrl === 'string' && fileUrl.startsWith('/')) fileUrls.set(docId, fileUrl);
        },
      };
    };
    return { kind: 'ready', plan: { next, notes: [`${ids.length} documents of ${PDF.length} bytes`] } };
  },
};
