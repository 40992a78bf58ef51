import type { SecretBox } from '@platform/crypto';
import type { JobWake, ServiceJob } from '@platform/grpc-server/service';
import { dispatcherJob } from './dispatcher-job';
import type { Logger } from '@platform/telemetry';
import type { Counter } from 'prom-client';
import { afterFailure, classifySmtpFailure, describeSmtpFailure, type FailureKind, type RetryPolicy } from '../domain/send-outcome';
import { compileTemplate, DEFAULT_TEMPLATES, renderEmail, renderNodes, type CompiledTemplate, type TemplateType } from '../domain/templates';
import { DeliverySettingsUnavailable, DeliverySettingsUnusable, type DeliverySettingsSource, type Mailer } from '../clients/ports';
import type { NotificationsDb } from '../store/db';
import { claimDueEmails, completeEmail, rescheduleEmail, type ClaimedEmail } from '../store/email-deliveries';
import { eachLimited } from './each-limited';

export interface EmailDispatcherDeps {
  db: NotificationsDb;
  settings: DeliverySettingsSource;
  mailer: Mailer;
  secrets: SecretBox;
  retry: RetryPolicy;
  concurrency: number;
  pollMs: number;
  /** Woken when an email was queued: the next run starts at once instead of at its next poll. */
  wake: JobWake;
  /** Longest an attempt may hold an email before another dispatcher may take it over. */
  leaseMs: number;
  logger: Logger;
  sent?: Counter<string>;
  now: () => Date;
}

/** What the email log shows for a secret value (the reset code in a subject, say). */
const HIDDEN = '[hidden]';

/** A problem no retry can fix (a secret that no longer opens, a template that cannot render). */
class PermanentEmailError extends Error {}

const compiledDefault = (type: TemplateType): CompiledTemplate => {
  const compiled = compileTemplate(type, DEFAULT_TEMPLATES[type].subject, DEFAULT_TEMPLATES[type].body);
  if (!compiled.ok) throw new Error(`the built-in ${type} template is invalid: ${JSON.stringify(compiled.violations)}`);
  return compiled.template;
};

/**
 * Sends queued emails: for each, the organisation's template and server (or the built-in ones),
 * rendered with the event's values, through nodemailer. A transient failure (4xx, dropped or refused
 * connection, organisation service unreachable) is retried with growing delays; the final outcome
 * (SENT, BOUNCED, FAILED) replaces the queued row with an email-log row, so nothing is dropped
 * silently. Delivery is at least once: a crash between the server's acceptance and the log write
 * sends the email again (with the same Message-ID).
 *
 * A job of the service kit that every replica runs: each run claims due emails under a lease, so
 * replicas share the queue and none sends an email another holds. Each run is logged and counted by
 * the kit (service_job_runs_total{job="email-dispatcher"}); each email by its outcome here.
 */
export function emailDispatcherJob(deps: EmailDispatcherDeps): ServiceJob {
  const log = deps.logger.child({ component: 'email-dispatcher' });

  const openValues = (email: ClaimedEmail): Record<string, string> => {
    try {
      return Object.fromEntries(Object.entries(email.sealedValues).map(([k, v]) => [k, deps.secrets.open(v)]));
    } catch {
      throw new PermanentEmailError('the email carries a secret that does not open with SECRETS_KEY');
    }
  };

  const templateFor = (email: ClaimedEmail, source: { subject: string; body: string }, custom: boolean): CompiledTemplate => {
    if (!custom) return compiledDefault(email.type);
    const compiled = compileTemplate(email.type, source.subject, source.body);
    if (compiled.ok) return compiled.template;
    log.warn(
      { organizationId: email.organizationId, type: email.type, violations: compiled.violations },
      "the organisation's template is invalid; sending the built-in one",
    );
    return compiledDefault(email.type);
  };

  async function finish(email: ClaimedEmail, status: 'SENT' | 'FAILED' | 'BOUNCED', subject: string, error: string | null, smtpMessageId: string | null) {
    await completeEmail(deps.db, email, { status, subject, error, smtpMessageId }, deps.now());
    deps.sent?.inc({ type: email.type, status });
    const level = status === 'SENT' ? 'info' : 'warn';
    log[level](
      { emailId: email.id, type: email.type, organizationId: email.organizationId, status, attempts: email.attempt, error },
      `email ${status.toLowerCase()}`,
    );
  }

  async function attempt(email: ClaimedEmail): Promise<void> {
    const maskedValues = { ...email.values, ...Object.fromEntries(Object.keys(email.sealedValues).map((k) => [k, HIDDEN])) };
    let logSubject = renderNodes(compiledDefault(email.type).subject, { values: maskedValues, flags: email.flags }, 'subject');
    try {
      const settings = await deps.settings.settingsFor(email.organizationId, email.type);
      const orgValues = {
        ...(settings.organizationName ? { 'org.name': settings.organizationName } : {}),
        ...(settings.organizationSlug ? { 'org.slug': settings.organizationSlug } : {}),
      };
      const template = templateFor(email, settings.template, settings.customTemplate);
      logSubject = renderNodes(template.subject, { values: { ...maskedValues, ...orgValues }, flags: email.flags }, 'subject');
      const rendered = renderEmail(template, { values: { ...email.values, ...orgValues, ...openValues(email) }, flags: email.flags });
      const sent = await deps.mailer.send(settings.smtp, {
        from: settings.smtp.from,
        to: email.recipient,
        subject: rendered.subject,
        html: rendered.html,
        text: rendered.text,
        messageId: `<${email.id}@notifications.platform>`,
      });
      await finish(email, 'SENT', logSubject, null, sent.messageId);
    } catch (err) {
      let kind: FailureKind;
      let error: string;
      if (err instanceof DeliverySettingsUnavailable) {
        kind = 'retry';
        error = err.message;
      } else if (err instanceof PermanentEmailError || err instanceof DeliverySettingsUnusable) {
        kind = 'failed';
        error = err.message;
      } else {
        kind = classifySmtpFailure(err);
        error = describeSmtpFailure(err);
      }
      const decision = afterFailure(kind, email.attempt, deps.retry);
      if ('final' in decision) {
        await finish(email, decision.final, logSubject, error, null);
      } else {
        log.info({ emailId: email.id, type: email.type, attempt: email.attempt, retryInMs: decision.retryInMs, error }, 'email not sent yet; will retry');
        await rescheduleEmail(deps.db, email.id, new Date(deps.now().getTime() + decision.retryInMs), error);
      }
    }
  }

  return dispatcherJob('email-dispatcher', deps, async () => {
    const due = await claimDueEmails(deps.db, deps.concurrency * 2, deps.leaseMs);
    await eachLimited(due, deps.concurrency, (email) =>
      attempt(email).catch((err: unknown) => log.error({ err, emailId: email.id }, 'could not record an email attempt; it will be retried after its lease')),
    );
    return due.length;
  });
}
