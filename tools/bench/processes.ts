import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** The app processes this benchmark started, by app name (children whose command runs dist/apps/<app>/main.js). */
export function appPids<Name extends string>(apps: readonly Name[]): Map<Name, number> {
  const pids = new Map<Name, number>();
  const children = readdirSync(`/proc/${process.pid}/task`).flatMap((tid) =>
    readFileSync(`/proc/${process.pid}/task/${tid}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
  );
  for (const pid of children) {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const app = apps.find((name) => cmdline.some((arg) => arg.endsWith(path.join('dist/apps', name, 'main.js'))));
    if (app) pids.set(app, pid);
  }
  return pids;
}

/** A process's memory from /proc/<pid>/status, in bytes. */
export function procStatus(pid: number): { rss: number; rssAnon: number; rssFile: number; peakRss: number } {
  const fields = Object.fromEntries(
    readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .map((line) => line.match(/^(\w+):\s+(\d+) kB/))
      .filter((m): m is RegExpMatchArray => m !== null)
      .map((m) => [m[1], Number(m[2]) * 1024]),
  );
  return { rss: fields['VmRSS'] ?? 0, rssAnon: fields['RssAnon'] ?? 0, rssFile: fields['RssFile'] ?? 0, peakRss: fields['VmHWM'] ?? 0 };
}

/** CPU seconds (user + system) a process has used so far, from /proc/<pid>/stat. */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/** CPU seconds the whole machine has used so far (every core, idle and iowait excluded), from /proc/stat. */
export function machineCpuSeconds(): number {
  const [, user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number);
  return ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) / CLOCK_TICKS;
}

/** Linux's USER_HZ: /proc reports CPU time in hundredths of a second on every platform Node runs on. */
const CLOCK_TICKS = 100;
