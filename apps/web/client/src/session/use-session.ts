import { useSyncExternalStore } from 'react';
import { sessionStore } from '../api/platform';
import type { Session } from './session-store';

/** The signed-in session (undefined when signed out), re-rendering on sign-in, refresh and sign-out. */
export function useSession(): Session | undefined {
  return useSyncExternalStore(
    (listener) => sessionStore.subscribe(listener),
    () => sessionStore.session,
  );
}
