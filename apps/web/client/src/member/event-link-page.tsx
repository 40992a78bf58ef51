import { Navigate, useParams } from 'react-router';
import { useSession } from '../session/use-session';

/**
 * Where the event emails link (`/orgs/{organizationId}/events/{eventId}`, apps/notifications'
 * event-emails.ts): the member app's event page when the person is signed in at that
 * organisation, otherwise sign-in there first and then the event.
 */
export function EventLinkPage() {
  const { organizationId = '', eventId = '' } = useParams();
  const session = useSession();
  const target = `/events/${encodeURIComponent(eventId)}`;
  if (session?.claims.organizationId === organizationId) return <Navigate to={target} replace />;
  return <Navigate to={`/login?org=${encodeURIComponent(organizationId)}&next=${encodeURIComponent(target)}`} replace />;
}
