import { z } from 'zod';
import { PlatformError, uuid, validate } from '@platform/errors';
import { sanitiseEmailHtml } from '@platform/html';
import type { AsyncService, CallContext } from '@platform/grpc-server';
import type { organisationV1 } from '@platform/proto';
import type { OrganisationDeps } from '../deps';
import { effectiveTemplate, normaliseTemplateType, previewValues, TEMPLATE_TYPE_PATTERN, type DefaultTemplate } from '../domain/email-templates';
import { organizationNotFound } from '../domain/errors';
import { ensureTemplateRows, findTemplateById, findTemplateByType, listTemplateRows, saveTemplateContent } from '../store/email-templates';
import type { Organization } from '../store/generated/client';
import { findLiveOrganization } from '../store/organisations';
import { toEmailTemplateMessage } from './mappers';

const templateType = z
  .string()
  .transform(normaliseTemplateType)
  .refine((value) => TEMPLATE_TYPE_PATTERN.test(value), 'must be a template type such as WELCOME or PASSWORD_RESET');
/** The bounds of notifications' rules, checked here too so nothing oversized is sent on. */
const subject = z.string().min(1, 'is required').max(250, 'must be at most 250 characters');
const body = z.string().min(1, 'is required').max(100_000, 'must be at most 100000 characters');

const byOrganization = z.object({ organizationId: uuid });
const byType = z.object({ organizationId: uuid, type: templateType });
const updateInput = z.object({ organizationId: uuid, templateId: uuid, subject, body });
const previewInput = z
  .object({ organizationId: uuid, templateId: uuid, subject: subject.optional(), body: body.optional() })
  .refine((value) => (value.subject === undefined) === (value.body === undefined), { message: 'give both subject and body, or neither', path: ['body'] });

type EmailTemplateHandlers = Pick<
  AsyncService<organisationV1.OrganisationServiceServer>,
  'listEmailTemplates' | 'getEmailTemplateByType' | 'updateEmailTemplate' | 'previewEmailTemplate' | 'resetEmailTemplate'
>;

const templateNotFound = (): PlatformError => PlatformError.notFound('Email template');

export function emailTemplateHandlers(deps: OrganisationDeps): EmailTemplateHandlers {
  const liveOrganization = async (id: string): Promise<Organization> => {
    const org = await findLiveOrganization(deps.db, id);
    if (!org) throw organizationNotFound();
    return org;
  };

  /** The built-in template of a type, or 400 when notifications knows no such type. */
  const defaultOf = async (type: string, ctx: CallContext): Promise<DefaultTemplate> => {
    const defaults = await deps.notifications.defaultTemplates(ctx);
    const found = defaults.find((d) => d.type === type);
    if (!found) throw PlatformError.validation([{ field: 'type', message: `must be one of ${defaults.map((d) => d.type).join(', ')}` }], 'Invalid type');
    return found;
  };

  /** The organisation's template row of a type, created (as the default) when it has none yet. */
  const rowOfType = async (organizationId: string, type: string) => {
    const existing = await findTemplateByType(deps.db, organizationId, type);
    if (existing) return existing;
    await ensureTemplateRows(deps.db, organizationId, [type]);
    const created = await findTemplateByType(deps.db, organizationId, type);
    if (!created) throw templateNotFound();
    return created;
  };

  /** A template of the organisation by id with its type's default (404 for another organisation's). */
  const rowById = async (organizationId: string, templateId: string, ctx: CallContext) => {
    const row = await findTemplateById(deps.db, organizationId, templateId);
    if (!row) throw templateNotFound();
    const defaults = await deps.notifications.defaultTemplates(ctx);
    const fallback = defaults.find((d) => d.type === row.type);
    if (!fallback) throw templateNotFound();
    return { row, fallback };
  };

  return {
    /** One per type notifications knows, in its order; rows are created for the types without one. */
    async listEmailTemplates(request, ctx) {
      const { organizationId } = validate(byOrganization, request);
      await liveOrganization(organizationId);
      const defaults = await deps.notifications.defaultTemplates(ctx);
      let rows = await listTemplateRows(deps.db, organizationId);
      const missing = defaults.filter((d) => !rows.some((r) => r.type === d.type));
      if (missing.length > 0) {
        await ensureTemplateRows(
          deps.db,
          organizationId,
          missing.map((d) => d.type),
        );
        rows = await listTemplateRows(deps.db, organizationId);
      }
      const byTypeName = new Map(rows.map((r) => [r.type, r]));
      return {
        templates: defaults.flatMap((d) => {
          const row = byTypeName.get(d.type);
          return row ? [toEmailTemplateMessage(row, d)] : [];
        }),
      };
    },

    async getEmailTemplateByType(request, ctx) {
      const { organizationId, type } = validate(byType, request);
      await liveOrganization(organizationId);
      const fallback = await defaultOf(type, ctx);
      return toEmailTemplateMessage(await rowOfType(organizationId, type), fallback);
    },

    /**
     * Saves subject and body once notifications' rules accept them (400 with its violations
     * otherwise); the body is kept as the EMAIL allow-list sanitises it, which is what is sent.
     */
    async updateEmailTemplate(request, ctx) {
      const input = validate(updateInput, request);
      const org = await liveOrganization(input.organizationId);
      const { row, fallback } = await rowById(org.id, input.templateId, ctx);
      await deps.notifications.renderTemplate({ type: row.type, subject: input.subject, body: input.body, values: previewValues(org) }, ctx);
      return toEmailTemplateMessage(await saveTemplateContent(deps.db, row.id, { subject: input.subject, body: sanitiseEmailHtml(input.body) }), fallback);
    },

    /** The saved template, or the draft given, rendered with sample data and the organisation's name. */
    async previewEmailTemplate(request, ctx) {
      const input = validate(previewInput, request);
      const org = await liveOrganization(input.organizationId);
      const { row, fallback } = await rowById(org.id, input.templateId, ctx);
      const content = input.subject !== undefined && input.body !== undefined ? { subject: input.subject, body: input.body } : effectiveTemplate(row, fallback);
      const rendered = await deps.notifications.renderTemplate(
        { type: row.type, subject: content.subject, body: content.body, values: previewValues(org) },
        ctx,
      );
      return { subject: rendered.subject, html: rendered.html, text: rendered.text };
    },

    /** Back to the built-in default; the template keeps its id. */
    async resetEmailTemplate(request, ctx) {
      const { organizationId, type } = validate(byType, request);
      await liveOrganization(organizationId);
      const fallback = await defaultOf(type, ctx);
      const row = await rowOfType(organizationId, type);
      return toEmailTemplateMessage(await saveTemplateContent(deps.db, row.id, { subject: null, body: null }), fallback);
    },
  };
}
