/**
 * Ctrl-C (SIGINT) or SIGTERM: the first stops the load (the requests in flight end, the checks
 * and the report follow); a second exits at once.
 */
export function stopOnSignals(log: (line: string) => void = (l) => process.stderr.write(`${l}\n`)): AbortSignal {
  const controller = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => {
    if (controller.signal.aborted) {
      log(`loadtest: ${signal} again, exiting without the report`);
      process.exit(130);
    }
    log(`\nloadtest: ${signal}: stopping the load; the report follows (${signal} again to exit at once)`);
    controller.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return controller.signal;
}
