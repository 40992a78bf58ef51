import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import express, { type RequestHandler, type Router } from 'express';

/** Assets carry a content hash in their names (Vite): cached for a year; index.html never. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/**
 * The built browser app: files under `root` as they are, and for any other GET a page route of the
 * app (`/login`, `/admin/members/…`, `/o/acme`), index.html, so the client's router draws it. A
 * missing asset (`/assets/gone.js`) is a 404, not the page: a stale tab must not run HTML as code.
 */
export function staticSite(root: string): Router {
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`no built web app at ${root} (run: npx nx build web)`);
  const index = readFileSync(indexFile);
  const router = express.Router();
  router.use(
    express.static(root, {
      index: false,
      setHeaders: (res, file) => res.setHeader('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : REVALIDATE),
    }),
  );
  const page: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (req.path.startsWith('/assets/') || path.extname(req.path) !== '') return next();
    res.setHeader('cache-control', REVALIDATE);
    res.type('html').send(index);
  };
  router.use(page);
  return router;
}
