import path from 'node:path';
import { z } from 'zod';
import { readEnv, registeredPort } from '@platform/config';

/** Every variable this app reads, with its type and default (docs/configuration.md is generated from it). */
export const configShape = {
  WEB_PORT: registeredPort('web', 'http'),
  WEB_ADMIN_PORT: registeredPort('web', 'admin'),
  WEB_HOST: z.string().min(1).default('0.0.0.0'),
  /** The built browser app (index.html and assets/); default: `public/` beside main.js. */
  WEB_ROOT: z.string().min(1).optional(),
  /**
   * Where `/api` is forwarded, for a single origin without an Ingress (`npm start`, the browser
   * tests): the gateway's `http://host:port`. Unset in a cluster, where the Ingress/HTTPRoute sends
   * `/api` to the gateway and `/` here.
   */
  WEB_API_UPSTREAM_URL: z.string().url().optional(),
};

export type WebConfig = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const config = readEnv(configShape, env);
  return { ...config, WEB_ROOT: config.WEB_ROOT ?? path.join(__dirname, 'public') };
}
