import { useCallback, useEffect, useState } from 'react';
import { problemMessage, type ProblemMessage } from '../api/problem-message';

export type Loaded<T> = { kind: 'loading' } | { kind: 'loaded'; data: T } | { kind: 'failed'; problem: ProblemMessage };

/** A typed GET run on mount (and by `reload`): loading, the data, or the problem in plain words. */
export function useLoad<T>(load: () => Promise<{ data?: T; error?: unknown; response: Response }>): [Loaded<T>, () => void, (data: T) => void] {
  const [state, setState] = useState<Loaded<T>>({ kind: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    load().then(
      ({ data, error, response }) => {
        if (!live) return;
        setState(data !== undefined ? { kind: 'loaded', data } : { kind: 'failed', problem: problemMessage(error, response) });
      },
      () => live && setState({ kind: 'failed', problem: problemMessage(undefined, undefined) }),
    );
    return () => {
      live = false;
    };
    // `load` is the page's own call; `round` asks for it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [round]);
  const reload = useCallback(() => {
    setState({ kind: 'loading' });
    setRound((n) => n + 1);
  }, []);
  const replace = useCallback((data: T) => setState({ kind: 'loaded', data }), []);
  return [state, reload, replace];
}
