import { z } from 'zod';
import { describeEnv } from './env-reference';
import { commonEnv } from './env';

describe('describeEnv', () => {
  it('documents each variable: type through defaults and coercion, default, required, secret', () => {
    expect(
      describeEnv({
        NODE_ENV: commonEnv.NODE_ENV,
        PORT: z.coerce.number().int().positive().default(8080),
        RATIO: z.coerce.number().default(0.5),
        NAME: z.string().min(1),
        URL: z.string().url().optional(),
        JWT_SECRET: commonEnv.JWT_SECRET,
        DATABASE_URL: commonEnv.DATABASE_URL,
        LEGACY_SYNC_KEY: z.string().optional(),
      }),
    ).toEqual([
      { name: 'NODE_ENV', type: 'one of development, test, production', default: 'development', required: false, secret: false, credentials: false },
      { name: 'PORT', type: 'integer', default: '8080', required: false, secret: false, credentials: false },
      { name: 'RATIO', type: 'number', default: '0.5', required: false, secret: false, credentials: false },
      { name: 'NAME', type: 'string', default: undefined, required: true, secret: false, credentials: false },
      { name: 'URL', type: 'string', default: undefined, required: false, secret: false, credentials: false },
      { name: 'JWT_SECRET', type: 'string', default: expect.any(String), required: false, secret: true, credentials: false },
      { name: 'DATABASE_URL', type: 'string', default: 'postgresql://postgres@127.0.0.1:5432/postgres', required: false, secret: false, credentials: true },
      { name: 'LEGACY_SYNC_KEY', type: 'string', default: undefined, required: false, secret: true, credentials: false },
    ]);
  });
});
