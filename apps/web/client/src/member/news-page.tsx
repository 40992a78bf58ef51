import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../api/platform';
import { Empty } from '../ui/notices';
import { useDocumentTitle } from '../ui/use-document-title';
import { formatDate } from './format';
import { useMember } from './member-context';
import { Pager, Show, usePageParam } from './parts';
import { useLoad } from './use-load';

/** The organisation's published news, newest first (members-only articles only for members: the API decides). */
export function NewsPage() {
  const { t } = useTranslation('member');
  const { organizationId } = useMember();
  useDocumentTitle(t('news.title'));
  const page = usePageParam();
  const [news, reload] = useLoad(`news/${organizationId}/${page}`, () =>
    api.GET('/api/orgs/{organizationId}/news', { params: { path: { organizationId }, query: { status: 'PUBLISHED', page, size: 10 } } }),
  );
  return (
    <>
      <h1>{t('news.title')}</h1>
      <Show loaded={news} retry={reload}>
        {(list) =>
          list.content?.length ? (
            <>
              <ul className="list">
                {list.content.map((article) => (
                  <li key={article.id}>
                    <Link className="item-title" to={`/news/${article.id}`}>
                      {article.title}
                    </Link>
                    <div className="row small muted">
                      <span>{formatDate(article.publishedAt)}</span>
                      {article.membersOnly ? <span className="badge">{t('news.membersOnly')}</span> : null}
                    </div>
                    {article.excerpt ? <p className="excerpt">{article.excerpt}</p> : null}
                  </li>
                ))}
              </ul>
              <Pager page={page} totalPages={list.totalPages} />
            </>
          ) : (
            <Empty>{t('news.empty')}</Empty>
          )
        }
      </Show>
    </>
  );
}
