import { createRequire } from 'node:module';
import { loadProtoSource } from '../protos/proto-source';
import { RouteTable } from '../routing/route-table';
import { EXAMPLE_DATE, EXAMPLE_TIMESTAMP, EXAMPLE_UUID } from './example-values';
import { ExampleGenerator, addExamples } from './examples';
import { API_INFO, buildOpenApi } from './openapi';

type Json = Record<string, any>;

/**
 * A JSON Schema 2020-12 validator (OpenAPI 3.1's dialect): Ajv, as the OpenAPI validator the
 * contract test runs depends on it (the workspace's own top-level `ajv` is eslint's draft-07 one).
 */
function schemaValidator(document: Json): (schema: Json, value: unknown) => string[] {
  const fromValidator = createRequire(require.resolve('@seriousme/openapi-schema-validator/package.json'));
  const Ajv2020 = fromValidator('ajv/dist/2020').default;
  const addFormats = fromValidator('ajv-formats').default;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const int32 = (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31;
  ajv.addFormat('int32', { type: 'number', validate: int32 });
  ajv.addFormat('int64', { type: 'number', validate: Number.isSafeInteger });
  ajv.addFormat('float', { type: 'number', validate: () => true });
  ajv.addFormat('double', { type: 'number', validate: () => true });
  ajv.addSchema({ components: document['components'] }, 'openapi.json');
  return (schema, value) => {
    const validate = ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi.json#/components/')));
    return validate(value) ? [] : (validate.errors as Json[]).map((e) => `${e['instancePath'] || '/'} ${e['message']}`);
  };
}

/** Each JSON or multipart body and JSON success response of the document with its example. */
function examplesOf(document: Json): { where: string; schema: Json; example: unknown }[] {
  const out: { where: string; schema: Json; example: unknown }[] = [];
  for (const [path, item] of Object.entries(document['paths'] as Json)) {
    for (const [method, operation] of Object.entries(item as Json)) {
      for (const [type, media] of Object.entries((operation.requestBody?.content ?? {}) as Json))
        out.push({ where: `${method.toUpperCase()} ${path} request ${type}`, schema: media.schema, example: media.example });
      for (const [status, response] of Object.entries(operation.responses as Json)) {
        const media = response.content?.['application/json'];
        if (/^2/.test(status) && media) out.push({ where: `${method.toUpperCase()} ${path} ${status}`, schema: media.schema, example: media.example });
      }
    }
  }
  return out;
}

describe('example bodies generated from the schemas', () => {
  const component = (properties: Json) => ({ type: 'object', properties, additionalProperties: false });
  const document: Json = {
    components: {
      schemas: {
        'platform.test.v1.Member': component({
          id: { type: 'string', format: 'uuid' },
          email: { type: 'string', maxLength: 254 },
          firstName: { type: 'string' },
          joinedAt: { type: 'string' },
          status: { type: 'string', description: 'PENDING, ACTIVE, SUSPENDED or INACTIVE' },
          roles: { type: 'array', items: { type: 'string' } },
          price: { anyOf: [{ type: 'number' }, { type: 'string' }] },
          currency: { type: 'string' },
          access: { type: 'string', enum: ['PUBLIC', 'MEMBERS_ONLY'] },
          readAt: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        }),
        'platform.test.v1.Event': component({ startDate: { type: 'string' } }),
        'platform.test.v1.MembershipAssignment': component({ startDate: { type: 'string' } }),
        'platform.test.v1.Comment': component({
          content: { type: 'string' },
          replies: { type: 'array', items: { $ref: '#/components/schemas/platform.test.v1.Comment' } },
        }),
      },
    },
  };
  const generator = new ExampleGenerator(document);
  const ref = (name: string) => ({ $ref: `#/components/schemas/platform.test.v1.${name}` });

  it('fills each property by its name and type: a fixed UUID, Ada’s address and name, a timestamp, money in euros', () => {
    expect(generator.of(ref('Member'), 'Op', true)).toMatchObject({
      id: EXAMPLE_UUID,
      email: 'ada@example.org',
      firstName: 'Ada',
      joinedAt: EXAMPLE_TIMESTAMP,
      roles: ['MEMBER'],
      price: 49.9,
      currency: 'EUR',
    });
  });

  it('takes the first value of an enum, or the first value the field’s comment lists', () => {
    expect(generator.of(ref('Member'), 'Op', true)).toMatchObject({ access: 'PUBLIC', status: 'PENDING' });
  });

  it('makes an event’s startDate an instant and a membership’s a day', () => {
    expect(generator.of(ref('Event'), 'Op', false)).toEqual({ startDate: EXAMPLE_TIMESTAMP });
    expect(generator.of(ref('MembershipAssignment'), 'Op', false)).toEqual({ startDate: EXAMPLE_DATE });
  });

  it('leaves a message met again inside itself empty: a comment’s replies are []', () => {
    expect(generator.of(ref('Comment'), 'Op', true)).toEqual({ content: 'See you at the start line!', replies: [] });
  });

  it('shows a usually absent optional value as null in a response, and fills it in a request', () => {
    expect(generator.of(ref('Member'), 'Op', true)).toMatchObject({ readAt: null });
    expect(generator.of(ref('Member'), 'Op', false)).toMatchObject({ readAt: EXAMPLE_TIMESTAMP });
  });

  it('lists a multipart example’s file after the other fields, as the form must send them', () => {
    const multipart = {
      paths: {
        '/upload': {
          post: {
            operationId: 'Upload',
            requestBody: {
              content: {
                'multipart/form-data': {
                  schema: { type: 'object', properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' }, name: { type: 'string' } } },
                  encoding: { file: { contentType: '*/*' } },
                },
              },
            },
            responses: {},
          },
        },
      },
    };
    const media = (addExamples(multipart) as Json)['paths']['/upload']['post'].requestBody.content['multipart/form-data'];
    expect(Object.keys(media.example)).toEqual(['name', 'file']);
  });
});

describe('the examples of the platform’s OpenAPI document', () => {
  const document = buildOpenApi(RouteTable.fromProtos(loadProtoSource()), API_INFO) as Json;
  const validate = schemaValidator(document);
  const examples = examplesOf(document);

  it('gives every operation that takes a body an example of it', () => {
    const withBody = Object.values(document['paths'] as Json).flatMap((item) => Object.values(item as Json).filter((op: Json) => op.requestBody));
    expect(withBody.length).toBeGreaterThan(60);
    for (const operation of withBody)
      for (const media of Object.values(operation.requestBody.content as Json)) expect([operation.operationId, media.example]).not.toContainEqual(undefined);
  });

  it('gives every JSON success response an example', () => {
    expect(examples.filter((e) => e.example === undefined).map((e) => e.where)).toEqual([]);
  });

  it('checks with a validator that refuses what is off the schema (a wrong type, an unknown field, a bad UUID)', () => {
    const organisation = { $ref: '#/components/schemas/platform.organisation.v1.Organisation' };
    expect(validate(organisation, { name: 'Harbour Rowing Club' })).toEqual([]);
    expect(validate(organisation, { name: 5, nickname: 'x', id: 'not-a-uuid' })).toHaveLength(3);
  });

  it('has every example validate against the schema it illustrates', () => {
    const invalid = examples.map((e) => ({ where: e.where, errors: validate(e.schema, e.example) })).filter((e) => e.errors.length > 0);
    expect(invalid).toEqual([]);
  });
});
