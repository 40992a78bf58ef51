import { compactAfterStart, exitOnSignals } from '@platform/health';
import { createLogger, initTelemetry } from '@platform/telemetry';
import { readGatewayConfig } from './config';
import { createGateway } from './gateway';

const telemetry = initTelemetry('gateway');
const logger = createLogger('gateway');

async function main(): Promise<void> {
  const gateway = createGateway(readGatewayConfig(), { logger });
  await gateway.start();
  exitOnSignals(() => gateway.stop().finally(() => telemetry.shutdown()), logger);
  compactAfterStart(logger);
}

main().catch((err: unknown) => {
  logger.fatal({ err }, 'gateway failed to start');
  process.exit(1);
});
