import type { LiveCounters } from './runner';
import { percentile } from './stats';

export interface ProgressStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

/** One line of live state: `browse  steady  12.0/25.0s  sent 1234 …`. */
export function progressLine(name: string, live: LiveCounters, elapsedMs: number, totalMs: number, rampUpMs: number, now = performance.now()): string {
  const window = live.lastSecond(now);
  const p95 = percentile(
    window.map(([, latency]) => latency).sort((a, b) => a - b),
    95,
  );
  const phase = elapsedMs < rampUpMs ? 'ramp-up' : elapsedMs < totalMs ? 'steady' : 'draining';
  return [
    name.padEnd(18),
    phase.padEnd(8),
    `${(elapsedMs / 1000).toFixed(1)}/${(totalMs / 1000).toFixed(1)}s`,
    `sent ${live.sent}`,
    `done ${live.done}`,
    `in-flight ${live.inFlight}`,
    `${window.length} req/s`,
    `p95 ${Number.isNaN(p95) ? '-' : `${p95.toFixed(1)}ms`}`,
    `errors ${live.errors}`,
    live.dropped ? `dropped ${live.dropped}` : '',
  ]
    .filter(Boolean)
    .join('  ');
}

/**
 * Redraws the progress line on stderr every 250 ms on a terminal (`\r`), or prints it every 5 s
 * when stderr is a file or pipe. Answers a function that stops it and ends the line.
 */
export function showProgress(name: string, live: LiveCounters, totalMs: number, rampUpMs: number, stream: ProgressStream = process.stderr): () => void {
  const started = performance.now();
  const tty = Boolean(stream.isTTY);
  const draw = () => {
    const line = progressLine(name, live, performance.now() - started, totalMs, rampUpMs);
    stream.write(tty ? `\r\x1b[2K${line}` : `${line}\n`);
  };
  const timer = setInterval(draw, tty ? 250 : 5000);
  timer.unref();
  return () => {
    clearInterval(timer);
    draw();
    if (tty) stream.write('\n');
  };
}
