import { Router } from 'express';
import { LegacyError, LegacyErrorCode } from '../../domain/errors';
import { syncPage } from '../../domain/paging';
import { callerOf, requireUser } from '../guards';
import { requestParams, stringParam, type SiteServices } from '../services';
import { appPaging, appRoute, idParam } from './app-request';

const ENQUIRY_STATUSES = ['new', 'read', 'closed'];

/** Enquiries: members send them through `/contact`; administrators list and close them at `/enquiries`. */
export function enquiriesRouter(services: SiteServices): Router {
  const router = Router();

  appRoute(router, '/contact', requireUser(services), async (req, res) => {
    const caller = callerOf(res);
    if (req.method === 'GET') {
      res.json({
        site_name: services.siteName,
        email: 'office@association.example',
        phone: '(07) 3000 0000',
        address: '1 George St, Brisbane QLD 4000',
        subjects: ['General enquiry', 'Membership', 'Events', 'Technical support'],
      });
      return;
    }
    const params = requestParams(req);
    const subject = stringParam(params, 'subject')?.trim();
    const message = stringParam(params, 'message')?.trim();
    if (!subject || !message) throw LegacyError.missingParam(...[subject ? '' : 'subject', message ? '' : 'message'].filter(Boolean));
    if (message.length > 10_000) throw LegacyError.invalidParam('message', 'message is longer than 10000 characters.');
    const enquiry = await services.enquiries.create({
      user_id: caller.user.id,
      name: stringParam(params, 'name')?.trim() || caller.user.display_name,
      email: stringParam(params, 'email')?.trim() || caller.user.user_email,
      subject,
      message,
      created_at: services.clock(),
    });
    res.status(201).json({ id: enquiry.id, status: enquiry.status, message: 'Thank you, we will get back to you soon.' });
  });

  appRoute(router, '/enquiries', requireUser(services, { admin: true }), async (req, res) => {
    const params = requestParams(req);
    const id = idParam(params);
    const status = stringParam(params, 'status');
    if (status !== undefined && !ENQUIRY_STATUSES.includes(status)) {
      throw LegacyError.invalidParam('status', `status is not one of ${ENQUIRY_STATUSES.join(', ')}.`);
    }
    if (req.method === 'POST' && id !== undefined) {
      if (!status) throw LegacyError.missingParam('status');
      const updated = await services.enquiries.setStatus(id, status);
      if (!updated) throw new LegacyError(LegacyErrorCode.POST_NOT_FOUND, 'Invalid enquiry ID.');
      res.json(updated);
      return;
    }
    const paging = appPaging(params);
    const { rows, total } = await services.enquiries.list(paging, status);
    res.json(syncPage(rows, total, paging));
  });

  return router;
}
