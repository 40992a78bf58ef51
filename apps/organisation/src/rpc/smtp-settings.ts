import { z } from 'zod';
import { email, uuid, validate } from '@platform/errors';
import type { AsyncService } from '@platform/grpc-server';
import { classifySmtpFailure, DestinationRefused } from '@platform/outbound';
import type { organisationV1 } from '@platform/proto';
import { saveSmtpSettings } from '../app/smtp-settings';
import type { SmtpServer } from '../clients/ports';
import type { OrganisationDeps } from '../deps';
import { organizationNotFound } from '../domain/errors';
import { connectedTest, failedTest, fromHeader, passwordChange, replyCode, resolveSecure, sentTest, SMTP_HOST_PATTERN } from '../domain/smtp-settings';
import type { Organization, SmtpSettings } from '../store/generated/client';
import { findLiveOrganization } from '../store/organisations';
import { findSmtpSettings } from '../store/smtp-settings';
import { toSmtpConfigMessage } from './mappers';

const byOrganization = z.object({ organizationId: uuid });
const updateInput = z.object({
  organizationId: uuid,
  host: z.string().trim().min(1, 'is required').max(253, 'must be at most 253 characters').regex(SMTP_HOST_PATTERN, 'must be a host name or an IP address'),
  port: z.number().int().min(1, 'must be between 1 and 65535').max(65535, 'must be between 1 and 65535'),
  username: z.string().trim().max(254, 'must be at most 254 characters'),
  password: z.string().max(1024, 'must be at most 1024 characters').optional(),
  fromAddress: email,
  fromName: z.string().trim().max(200, 'must be at most 200 characters'),
  secure: z.boolean().optional(),
  requireTls: z.boolean().optional(),
});
const testEmailInput = z.object({ organizationId: uuid, to: email });

type SmtpHandlers = Pick<
  AsyncService<organisationV1.OrganisationServiceServer>,
  'getSmtpSettings' | 'updateSmtpSettings' | 'testSmtpConnection' | 'sendSmtpTestEmail'
>;

type TestOutcome = organisationV1.SmtpTestResult;

export function smtpSettingsHandlers(deps: OrganisationDeps): SmtpHandlers {
  const liveOrganization = async (id: string): Promise<Organization> => {
    const org = await findLiveOrganization(deps.db, id);
    if (!org) throw organizationNotFound();
    return org;
  };

  /** The saved server with its password opened, or the outcome to report when there is none to use. */
  const savedServer = async (organizationId: string): Promise<{ settings: SmtpSettings; server: SmtpServer } | { outcome: TestOutcome }> => {
    const settings = await findSmtpSettings(deps.db, organizationId);
    if (!settings) return { outcome: notUsable('This organisation has no SMTP settings yet: save them first') };
    let password = '';
    if (settings.passwordSealed !== null) {
      try {
        password = deps.secrets.open(settings.passwordSealed);
      } catch (err) {
        deps.logger.warn({ err, organizationId }, 'the saved SMTP password does not open with SECRETS_KEY');
        return { outcome: notUsable('The saved SMTP password cannot be read: save it again') };
      }
    }
    return {
      settings,
      server: { host: settings.host, port: settings.port, secure: settings.secure, requireTls: settings.requireTls, username: settings.username, password },
    };
  };

  /** A failed attempt as the admin sees it: a refused destination stays a 400 (it never reached the network). */
  const failure = (err: unknown, server: SmtpServer): TestOutcome => {
    if (err instanceof DestinationRefused) throw err;
    deps.logger.info({ err, host: server.host, port: server.port }, 'SMTP test failed');
    return failedTest(classifySmtpFailure(err), server);
  };

  return {
    async getSmtpSettings(request) {
      const { organizationId } = validate(byOrganization, request);
      await liveOrganization(organizationId);
      return toSmtpConfigMessage(await findSmtpSettings(deps.db, organizationId));
    },

    /**
     * Replaces the settings; the password is write-only (absent keeps, empty clears) and sealed at
     * rest. A destination the outbound guard refuses outright (a port other than SMTP's, a private
     * or loopback address) is a 400; turning the TLS requirement off or on is audited.
     */
    async updateSmtpSettings(request, ctx) {
      const { organizationId, password, secure, requireTls, ...fields } = validate(updateInput, request);
      await liveOrganization(organizationId);
      deps.smtp.checkDestination(fields.host, fields.port);
      const change = passwordChange(password);
      const passwordSealed = change.kind === 'keep' ? undefined : change.kind === 'clear' ? null : deps.secrets.seal(change.password);
      const saved = await saveSmtpSettings(deps, ctx, organizationId, { ...fields, secure: resolveSecure(secure, fields.port), passwordSealed }, requireTls);
      return toSmtpConfigMessage(saved);
    },

    /**
     * Connects to the saved server and logs in; a failure is reported by class (200, success false),
     * a destination the guard refuses is a 400 and opens no connection.
     */
    async testSmtpConnection(request) {
      const { organizationId } = validate(byOrganization, request);
      await liveOrganization(organizationId);
      const saved = await savedServer(organizationId);
      if ('outcome' in saved) return saved.outcome;
      try {
        await deps.smtp.verify(saved.server);
      } catch (err) {
        return failure(err, saved.server);
      }
      return connectedTest(saved.server);
    },

    /** Sends a short test message through the saved server and reports the outcome's class and SMTP code. */
    async sendSmtpTestEmail(request) {
      const { organizationId, to } = validate(testEmailInput, request);
      const org = await liveOrganization(organizationId);
      const saved = await savedServer(organizationId);
      if ('outcome' in saved) return saved.outcome;
      const text = `This is a test email from ${org.name}, sent through ${saved.server.host}:${saved.server.port}. If you can read it, the SMTP settings work.`;
      try {
        const sent = await deps.smtp.send(saved.server, {
          from: fromHeader(saved.settings.fromName, saved.settings.fromAddress),
          to,
          subject: `Test email from ${org.name}`,
          text,
          html: `<p>${escapeHtml(text)}</p>`,
        });
        return sentTest(to, replyCode(sent.response));
      } catch (err) {
        return failure(err, saved.server);
      }
    },
  };
}

function notUsable(message: string): TestOutcome {
  return { success: false, message, outcome: 'REFUSED', smtpCode: 0 };
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
