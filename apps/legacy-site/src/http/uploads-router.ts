import { Router } from 'express';
import { renderUpload } from '../domain/uploads';
import { noRoute } from './errors';

/** `/wp-content/uploads/...`: files generated from their path (see domain/uploads.ts). */
export function uploadsRouter(): Router {
  const router = Router();
  router.get('/wp-content/uploads/*path', (req, res, next) => {
    const segments = req.params['path'] as unknown as string[] | string;
    const file = renderUpload(Array.isArray(segments) ? segments.join('/') : segments);
    if (!file) {
      noRoute(req, res, next);
      return;
    }
    res.set('Content-Type', file.contentType);
    res.set('Cache-Control', 'public, max-age=31536000, immutable');
    res.send(file.body);
  });
  return router;
}
