import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../api/platform';
import { Field } from '../ui/forms';
import { Empty, Loading, ProblemNotice } from '../ui/notices';
import { useDocumentTitle } from '../ui/use-document-title';
import { useMember } from './member-context';
import { Pager, usePageParam } from './parts';
import { useLoad } from './use-load';

/**
 * The member directory as its privacy configuration shows it (decision 0138): the API leaves out
 * hidden members and answers email and phone only when the organisation shows them; a directory
 * open to administrators only is a 403, and a search where searching is off a 400 on `search`.
 */
export function DirectoryPage() {
  const { t } = useTranslation('member');
  const { t: common } = useTranslation();
  const { organizationId } = useMember();
  useDocumentTitle(t('directory.title'));
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const page = usePageParam();
  const [query, setQuery] = useState(search);
  const [members, reload] = useLoad(`directory/${organizationId}/${search}/${page}`, () =>
    api.GET('/api/orgs/{organizationId}/directory', { params: { path: { organizationId }, query: { ...(search ? { search } : {}), page, size: 20 } } }),
  );

  const find = (event: FormEvent) => {
    event.preventDefault();
    setParams(query.trim() ? { q: query.trim() } : {});
  };

  const searchRefused = members.state === 'failed' && members.problem.status === 400 && members.problem.fields['search'] !== undefined;
  const closed = members.state === 'failed' && members.problem.status === 403;

  return (
    <>
      <h1>{t('directory.title')}</h1>
      {closed ? (
        <p className="notice">{t('directory.closed')}</p>
      ) : (
        <form className="search-row" role="search" onSubmit={find}>
          <Field
            label={t('directory.search')}
            name="q"
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            error={searchRefused ? t('directory.searchOff') : undefined}
          />
          <button type="submit">{t('directory.find')}</button>
        </form>
      )}
      {members.state === 'loading' ? <Loading /> : null}
      {members.state === 'failed' && !closed && !searchRefused ? (
        <div>
          <ProblemNotice problem={members.problem} />
          <button type="button" className="secondary" onClick={reload}>
            {common('retry')}
          </button>
        </div>
      ) : null}
      {members.state === 'ready' ? (
        members.data.content?.length ? (
          <>
            <p className="muted small">{t('directory.count', { count: members.data.totalElements ?? 0 })}</p>
            <ul className="list directory">
              {members.data.content.map((m) => (
                <li key={m.id}>
                  <div className="item-title">
                    {m.displayName || `${m.firstName ?? ''} ${m.lastName ?? ''}`.trim()}
                    {m.isCertified ? <span className="badge">{t('directory.certified')}</span> : null}
                  </div>
                  {m.jobTitle || m.company ? <div className="small">{[m.jobTitle, m.company].filter(Boolean).join(' · ')}</div> : null}
                  {m.city ? <div className="small muted">{m.city}</div> : null}
                  {m.email ? (
                    <div className="small">
                      <a href={`mailto:${m.email}`}>{m.email}</a>
                    </div>
                  ) : null}
                  {m.phoneNumber ? (
                    <div className="small">
                      <a href={`tel:${m.phoneNumber.replace(/[^\d+]/g, '')}`}>{m.phoneNumber}</a>
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
            <Pager page={page} totalPages={members.data.totalPages} />
          </>
        ) : (
          <Empty>{search ? t('directory.noneFound') : t('directory.empty')}</Empty>
        )
      ) : null}
    </>
  );
}
