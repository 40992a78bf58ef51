import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { problemMessage, type ProblemMessage } from '../api/problem-message';

/** What a typed call answers (openapi-fetch): the data of a success, else the error body. */
export interface CallResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

export type Loaded<T> = { state: 'loading' } | { state: 'failed'; problem: ProblemMessage } | { state: 'ready'; data: T };

/**
 * Loads what a page shows with one typed call, again whenever `key` changes (the route's ids, a
 * filter, a page) or `reload()` is called: loading, failed (the problem in words, with its request
 * id) or ready. An answer that comes back after the key moved on is dropped.
 */
export function useLoad<T>(key: string, load: () => Promise<CallResult<T>>, options: { keepWhileLoading?: boolean } = {}): [Loaded<T>, () => void] {
  const [round, setRound] = useState(0);
  const [result, setResult] = useState<{ at: string; loaded: Loaded<T> }>();
  const run = useEffectEvent(load);
  const at = `${key}#${round}`;
  useEffect(() => {
    let live = true;
    run().then(
      ({ data, error, response }) => {
        if (!live) return;
        if (response.ok && error === undefined) setResult({ at, loaded: { state: 'ready', data: data as T } });
        else setResult({ at, loaded: { state: 'failed', problem: problemMessage(error, response) } });
      },
      () => live && setResult({ at, loaded: { state: 'failed', problem: problemMessage(undefined, undefined) } }),
    );
    return () => {
      live = false;
    };
  }, [at]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  // A reload keeps what is shown until the new answer arrives; a new key shows "loading" (unless
  // told to keep the last answer meanwhile, as a counter does).
  const keep = result?.loaded.state === 'ready' && (options.keepWhileLoading || result.at.startsWith(`${key}#`));
  if (result && (result.at === at || keep)) return [result.loaded, reload];
  return [{ state: 'loading' }, reload];
}
