/** One REST binding of an RPC, from its `google.api.http` rule (main rule or additional binding). */
export interface HttpBinding {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /** '' (no body), '*' (the whole request message) or the name of the request field the body fills. */
  body: string;
  /** '' (the whole reply) or the reply field rendered as the body. */
  responseBody: string;
}

const VERBS = ['get', 'post', 'put', 'patch', 'delete'] as const;

type RawRule = Record<string, unknown>;

const isRecord = (value: unknown): value is RawRule => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads every binding of an `(google.api.http)` option as proto-loader gives it. proto-loader
 * renders `additional_bindings` as one object when there is one and as an array when there are
 * several; both are accepted. Throws on a rule without exactly one verb, or with a `custom` verb.
 */
export function httpBindings(rule: unknown, where: string): HttpBinding[] {
  if (!isRecord(rule)) throw new Error(`${where}: (google.api.http) is not a rule`);
  const main = binding(rule, where);
  const extra = rule['additional_bindings'] ?? rule['additionalBindings'];
  const nested = extra === undefined ? [] : Array.isArray(extra) ? extra : [extra];
  return [
    main,
    ...nested.map((r, i) => {
      if (!isRecord(r)) throw new Error(`${where}: additional binding ${i} is not a rule`);
      if (r['additional_bindings'] !== undefined) throw new Error(`${where}: additional bindings cannot nest`);
      return binding(r, `${where} (additional binding ${i})`);
    }),
  ];
}

function binding(rule: RawRule, where: string): HttpBinding {
  if (rule['custom'] !== undefined) throw new Error(`${where}: custom HTTP verbs are not supported`);
  const verbs = VERBS.filter((v) => typeof rule[v] === 'string' && rule[v] !== '');
  if (verbs.length !== 1) throw new Error(`${where}: an http rule needs exactly one of ${VERBS.join(', ')}`);
  const verb = verbs[0] as (typeof VERBS)[number];
  const body = typeof rule['body'] === 'string' ? rule['body'] : '';
  const responseBody = typeof rule['response_body'] === 'string' ? rule['response_body'] : '';
  if ((verb === 'get' || verb === 'delete') && body !== '') throw new Error(`${where}: ${verb.toUpperCase()} cannot take a body`);
  return { method: verb.toUpperCase() as HttpBinding['method'], path: rule[verb] as string, body, responseBody };
}
