import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../api/platform';
import { Empty } from '../ui/notices';
import { useDocumentTitle } from '../ui/use-document-title';
import { formatDate, formatEventWhen, todayIn } from './format';
import { useMember } from './member-context';
import { Show } from './parts';
import { useLoad } from './use-load';

/** The start page: the latest news and the next events. */
export function HomePage() {
  const { t } = useTranslation('member');
  const { organizationId, organisation } = useMember();
  useDocumentTitle(t('home.title'));
  const [news, reloadNews] = useLoad(`news/${organizationId}`, () =>
    api.GET('/api/orgs/{organizationId}/news', { params: { path: { organizationId }, query: { status: 'PUBLISHED', size: 3 } } }),
  );
  const [events, reloadEvents] = useLoad(`events/${organizationId}`, () =>
    api.GET('/api/orgs/{organizationId}/events', {
      params: { path: { organizationId }, query: { status: 'PUBLISHED', from: todayIn(), size: 3, sort: 'startDate,asc' } },
    }),
  );
  return (
    <>
      <h1>{organisation?.name ? t('home.welcomeTo', { name: organisation.name }) : t('home.title')}</h1>
      <section aria-labelledby="home-news">
        <h2 id="home-news">{t('home.latestNews')}</h2>
        <Show loaded={news} retry={reloadNews}>
          {(page) =>
            page.content?.length ? (
              <ul className="list">
                {page.content.map((article) => (
                  <li key={article.id}>
                    <Link className="item-title" to={`/news/${article.id}`}>
                      {article.title}
                    </Link>
                    <div className="muted small">{formatDate(article.publishedAt)}</div>
                    {article.excerpt ? <p className="excerpt">{article.excerpt}</p> : null}
                  </li>
                ))}
              </ul>
            ) : (
              <Empty>{t('news.empty')}</Empty>
            )
          }
        </Show>
        <p>
          <Link to="/news">{t('home.allNews')}</Link>
        </p>
      </section>
      <section aria-labelledby="home-events">
        <h2 id="home-events">{t('home.nextEvents')}</h2>
        <Show loaded={events} retry={reloadEvents}>
          {(page) =>
            page.content?.length ? (
              <ul className="list">
                {page.content.map((event) => (
                  <li key={event.id}>
                    <Link className="item-title" to={`/events/${event.id}`}>
                      {event.title}
                    </Link>
                    <div className="muted small">{formatEventWhen(event.startDate, event.endDate, event.isAllDay)}</div>
                    {event.venueName ? <div className="small">{event.venueName}</div> : null}
                  </li>
                ))}
              </ul>
            ) : (
              <Empty>{t('events.emptyUpcoming')}</Empty>
            )
          }
        </Show>
        <p>
          <Link to="/events">{t('home.allEvents')}</Link>
        </p>
      </section>
    </>
  );
}
