// Runs commands side by side on a fixed number of cores: each task says how many cores it keeps
// busy (its `cores`), and a task starts, in list order, as soon as that many are free. A task marked
// `background` starts at once at the lowest CPU priority (`nice -n 19`) and counts no cores: it uses
// what the others leave idle (a test waiting on its stack) and the whole machine once they end.
// Output of a task is kept and printed in one piece when it ends, so that parallel logs do not interleave.
import { spawn } from 'node:child_process';

/**
 * @typedef {{ name: string, command: string, args: string[], cores: number, background?: boolean, env?: NodeJS.ProcessEnv }} Task
 * @typedef {{ name: string, code: number, seconds: number, startedAt: number }} Outcome
 * @param {Task[]} tasks  @param {{ cores: number, cwd: string, env: NodeJS.ProcessEnv }} options
 * @returns {Promise<Outcome[]>}
 */
export function runScheduled(tasks, { cores, cwd, env }) {
  const began = Date.now();
  const waiting = tasks.filter((task) => !task.background);
  const outcomes = [];
  let free = cores;
  let running = 0;
  return new Promise((resolve) => {
    const next = () => {
      for (let i = 0; i < waiting.length;) {
        const task = waiting[i];
        // A task wider than the machine runs alone.
        const need = Math.min(task.cores, cores);
        if (need > free) {
          i++;
          continue;
        }
        waiting.splice(i, 1);
        free -= need;
        running++;
        start(task, need);
      }
      if (running === 0 && waiting.length === 0) resolve(outcomes);
    };
    const start = (task, need) => {
      const startedAt = Date.now();
      const at = () => `${((Date.now() - began) / 1000).toFixed(0)} s`;
      console.log(`[${at()}] start ${task.name}`);
      const child = spawn(task.command, task.args, { cwd, env: { ...env, ...task.env }, stdio: ['ignore', 'pipe', 'pipe'] });
      const chunks = [];
      child.stdout.on('data', (d) => chunks.push(d));
      child.stderr.on('data', (d) => chunks.push(d));
      child.on('close', (code, signal) => {
        const seconds = (Date.now() - startedAt) / 1000;
        const status = code ?? (signal ? 128 : 1);
        process.stdout.write(`\n===== ${task.name} (${seconds.toFixed(0)} s, exit ${status}) =====\n`);
        process.stdout.write(Buffer.concat(chunks));
        console.log(`[${at()}] end ${task.name}: ${status === 0 ? 'ok' : `FAILED (exit ${status})`}`);
        outcomes.push({ name: task.name, code: status, seconds, startedAt: (startedAt - began) / 1000 });
        free += need;
        running--;
        next();
      });
    };
    for (const task of tasks.filter((t) => t.background)) {
      running++;
      start({ ...task, command: 'nice', args: ['-n', '19', task.command, ...task.args] }, 0);
    }
    next();
  });
}
