/**
 * Registers the app's service worker (public/sw.js: network-first pages, the shell cached for an
 * offline start, /api never cached). Only the member app does, in a production build.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
}
