import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../api/platform';
import { Empty } from '../ui/notices';
import { useDocumentTitle } from '../ui/use-document-title';
import { formatEventWhen, todayIn } from './format';
import { useMember } from './member-context';
import { Pager, Show, usePageParam } from './parts';
import { useLoad } from './use-load';

/** Upcoming events soonest first, or past ones latest first (`?when=past`). */
export function EventsPage() {
  const { t } = useTranslation('member');
  const { organizationId } = useMember();
  useDocumentTitle(t('events.title'));
  const [params] = useSearchParams();
  const past = params.get('when') === 'past';
  const page = usePageParam();
  const today = todayIn();
  const [events, reload] = useLoad(`events/${organizationId}/${past}/${page}`, () =>
    api.GET('/api/orgs/{organizationId}/events', {
      params: {
        path: { organizationId },
        query: past ? { to: today, sort: 'startDate,desc', page, size: 10 } : { status: 'PUBLISHED', from: today, sort: 'startDate,asc', page, size: 10 },
      },
    }),
  );
  return (
    <>
      <h1>{t('events.title')}</h1>
      <nav className="tabs" aria-label={t('events.which')}>
        <Link to="/events" aria-current={past ? undefined : 'page'}>
          {t('events.upcoming')}
        </Link>
        <Link to="/events?when=past" aria-current={past ? 'page' : undefined}>
          {t('events.past')}
        </Link>
      </nav>
      <Show loaded={events} retry={reload}>
        {(list) =>
          list.content?.length ? (
            <>
              <ul className="list">
                {list.content.map((event) => (
                  <li key={event.id}>
                    <Link className="item-title" to={`/events/${event.id}`}>
                      {event.title}
                    </Link>
                    <div className="small">{formatEventWhen(event.startDate, event.endDate, event.isAllDay)}</div>
                    <div className="row small muted">
                      {event.venueName ? <span>{event.venueName}</span> : null}
                      {event.status === 'CANCELLED' ? <span className="badge danger">{t('event.cancelled')}</span> : null}
                    </div>
                  </li>
                ))}
              </ul>
              <Pager page={page} totalPages={list.totalPages} />
            </>
          ) : (
            <Empty>{past ? t('events.emptyPast') : t('events.emptyUpcoming')}</Empty>
          )
        }
      </Show>
    </>
  );
}
