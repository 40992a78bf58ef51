import { compactAfterStart, exitOnSignals } from '@platform/health';
import { createLogger } from '@platform/telemetry';
import { startMailCatcher } from './catcher';
import { loadConfig } from './config';

export { startMailCatcher, type MailCatcherOptions, type RunningMailCatcher } from './catcher';

/** Wiring only: configuration, start, banner, clean stop on SIGTERM/SIGINT, heap compaction after start-up. */
async function main(): Promise<void> {
  const logger = createLogger('mail-catcher');
  const config = loadConfig();
  const catcher = await startMailCatcher({
    smtpPort: config.MAIL_CATCHER_SMTP_PORT,
    httpPort: config.MAIL_CATCHER_HTTP_PORT,
    host: config.MAIL_CATCHER_HOST,
    maxMessages: config.MAIL_CATCHER_MAX_MESSAGES,
    maxMessageBytes: config.MAIL_CATCHER_MAX_MESSAGE_BYTES,
    logger,
  });
  const base = `http://${config.MAIL_CATCHER_HOST}:${catcher.httpPort}`;
  logger.info({ smtpPort: catcher.smtpPort, httpPort: catcher.httpPort }, 'mail catcher listening');
  process.stdout.write(
    `mail-catcher: SMTP ${config.MAIL_CATCHER_HOST}:${catcher.smtpPort}\nmail-catcher: messages ${base}/api/v1/messages (newest first), one: ${base}/api/v1/message/latest\n`,
  );
  exitOnSignals(() => catcher.stop(), logger, { forceAfterMs: 5_000 });
  compactAfterStart(logger);
}

if (require.main === module) {
  main().catch((err: unknown) => {
    createLogger('mail-catcher').fatal(
      { err },
      'mail catcher failed to start (is something else on its ports? set MAIL_CATCHER_SMTP_PORT / MAIL_CATCHER_HTTP_PORT)',
    );
    process.exit(1);
  });
}
