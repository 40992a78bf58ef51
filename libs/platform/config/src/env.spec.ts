import { z } from 'zod';
import { commonEnv, readEnv } from './env';

describe('readEnv', () => {
  const shape = { NODE_ENV: commonEnv.NODE_ENV, JWT_SECRET: commonEnv.JWT_SECRET, SECRETS_KEY: commonEnv.SECRETS_KEY, PORT: z.coerce.number().default(1) };
  const secrets = { JWT_SECRET: 'a-production-secret-of-at-least-32-chars!', SECRETS_KEY: 'ab'.repeat(32) };

  it('lists every bad variable at once', () => {
    expect(() => readEnv(shape, { JWT_SECRET: 'short', SECRETS_KEY: 'nothex', PORT: 'x' })).toThrow(/JWT_SECRET.*SECRETS_KEY.*PORT/);
  });

  it('uses the development defaults outside production', () => {
    expect(readEnv(shape, {}).SECRETS_KEY).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses to start in production on a built-in secret, missing or repeated', () => {
    expect(() => readEnv(shape, { NODE_ENV: 'production' })).toThrow('JWT_SECRET, SECRETS_KEY must be set in production');
    const builtIn = readEnv(shape, {});
    expect(() => readEnv(shape, { NODE_ENV: 'production', ...secrets, SECRETS_KEY: builtIn.SECRETS_KEY })).toThrow('SECRETS_KEY must be set');
    expect(() => readEnv(shape, { NODE_ENV: 'production', ...secrets, SECRETS_KEY: builtIn.SECRETS_KEY.toUpperCase() })).toThrow('SECRETS_KEY must be set');
    expect(readEnv(shape, { NODE_ENV: 'production', ...secrets }).SECRETS_KEY).toBe(secrets.SECRETS_KEY);
  });

  it('refuses the built-in service-token key in production, and accepts a rotation key only when long enough', () => {
    const services = { ...shape, SERVICE_JWT_SECRET: commonEnv.SERVICE_JWT_SECRET, SERVICE_JWT_SECRET_ACCEPTED: commonEnv.SERVICE_JWT_SECRET_ACCEPTED };
    expect(() => readEnv(services, { NODE_ENV: 'production', ...secrets })).toThrow('SERVICE_JWT_SECRET must be set in production');
    const own = { ...secrets, SERVICE_JWT_SECRET: 'a-production-service-secret-of-32-chars!' };
    expect(readEnv(services, { NODE_ENV: 'production', ...own }).SERVICE_JWT_SECRET_ACCEPTED).toBeUndefined();
    expect(readEnv(services, { ...own, SERVICE_JWT_SECRET_ACCEPTED: '' }).SERVICE_JWT_SECRET_ACCEPTED).toBe('');
    expect(() => readEnv(services, { ...own, SERVICE_JWT_SECRET_ACCEPTED: 'short' })).toThrow('SERVICE_JWT_SECRET_ACCEPTED');
  });

  it('only asks for the secrets the process reads', () => {
    expect(readEnv({ NODE_ENV: commonEnv.NODE_ENV }, { NODE_ENV: 'production' })).toEqual({ NODE_ENV: 'production' });
  });
});
