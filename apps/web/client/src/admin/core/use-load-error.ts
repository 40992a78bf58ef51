import { useNotify } from 'react-admin';

/**
 * For a page of one record (`<Edit queryOptions={{ onError }}>`): the failure in the platform's own
 * words with the request id (the data provider's HttpError message), instead of react-admin's
 * "does not exist" and a redirect, so a 503 is not mistaken for a missing record.
 */
export function useLoadError(): (error: unknown) => void {
  const notify = useNotify();
  return (error: unknown) => notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
}
