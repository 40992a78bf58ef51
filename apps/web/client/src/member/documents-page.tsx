import { useState, type FormEvent, type MouseEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Schema } from '@platform/api-client';
import { api } from '../api/platform';
import { problemMessage, type ProblemMessage } from '../api/problem-message';
import { Field } from '../ui/forms';
import { Empty, ProblemNotice } from '../ui/notices';
import { useDocumentTitle } from '../ui/use-document-title';
import { childFolders, folderTrail } from './folders';
import { formatDate, formatFileSize } from './format';
import { useMember } from './member-context';
import { Pager, Show, usePageParam } from './parts';
import { needsFreshLink } from './signed-url';
import { useLoad } from './use-load';

type Document = Schema<'platform.documents.v1.Document'>;

/**
 * Folders and documents the member may see. Each document is a plain link to the address the API
 * answered (PUBLIC: the storage URL; otherwise a signed URL valid 15 minutes, decision 0164); a
 * link whose signature ran out is signed anew (GET the document) when followed.
 */
export function DocumentsPage() {
  const { t } = useTranslation('member');
  const { organizationId } = useMember();
  useDocumentTitle(t('documents.title'));
  const [params, setParams] = useSearchParams();
  const folderId = params.get('folder') ?? undefined;
  const search = params.get('q') ?? '';
  const page = usePageParam();
  const [query, setQuery] = useState(search);
  const [problem, setProblem] = useState<ProblemMessage>();
  const [folders, reloadFolders] = useLoad(`folders/${organizationId}`, () =>
    api.GET('/api/orgs/{organizationId}/document-folders', { params: { path: { organizationId } } }),
  );
  const [documents, reload] = useLoad(`documents/${organizationId}/${folderId ?? ''}/${search}/${page}`, () =>
    api.GET('/api/orgs/{organizationId}/documents', {
      params: { path: { organizationId }, query: { ...(folderId ? { folderId } : {}), ...(search ? { search } : {}), page, size: 20 } },
    }),
  );
  const allFolders = folders.state === 'ready' ? folders.data : [];
  const trail = folderTrail(allFolders, folderId);
  const here = trail.at(-1);

  const find = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams(params);
    next.delete('page');
    if (query.trim()) next.set('q', query.trim());
    else next.delete('q');
    setParams(next);
  };

  const open = async (event: MouseEvent<HTMLAnchorElement>, doc: Document) => {
    if (!needsFreshLink(doc.fileUrlExpiresAt)) return;
    event.preventDefault();
    setProblem(undefined);
    const { data, error, response } = await api.GET('/api/orgs/{organizationId}/documents/{docId}', {
      params: { path: { organizationId, docId: doc.id ?? '' } },
    });
    if (data?.fileUrl) window.location.assign(data.fileUrl);
    else setProblem(problemMessage(error, response));
  };

  return (
    <>
      <h1>{here?.name ?? t('documents.title')}</h1>
      {trail.length ? (
        <nav aria-label={t('documents.trail')} className="trail">
          <Link to="/documents">{t('documents.title')}</Link>
          {trail.slice(0, -1).map((f) => (
            <span key={f.id}>
              {' / '}
              <Link to={`/documents?folder=${f.id}`}>{f.name}</Link>
            </span>
          ))}
        </nav>
      ) : null}
      <form className="search-row" role="search" onSubmit={find}>
        <Field label={t('documents.search')} name="q" type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
        <button type="submit">{t('documents.find')}</button>
      </form>
      <Show loaded={folders} retry={reloadFolders}>
        {(list) => {
          const children = childFolders(list, folderId);
          return children.length && !search ? (
            <section aria-labelledby="folders-title">
              <h2 id="folders-title">{t('documents.folders')}</h2>
              <ul className="folder-list">
                {children.map((f) => (
                  <li key={f.id}>
                    <Link to={`/documents?folder=${f.id}`}>{f.name}</Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null;
        }}
      </Show>
      <section aria-labelledby="documents-title">
        <h2 id="documents-title">{search ? t('documents.found', { query: search }) : folderId ? t('documents.inFolder') : t('documents.recent')}</h2>
        <ProblemNotice problem={problem} />
        <Show loaded={documents} retry={reload}>
          {(list) =>
            list.content?.length ? (
              <>
                <ul className="list">
                  {list.content.map((doc) => (
                    <li key={doc.id} className="document">
                      {doc.fileUrl ? (
                        <a className="item-title" href={doc.fileUrl} onClick={(e) => open(e, doc)}>
                          {doc.name}
                        </a>
                      ) : (
                        <span className="item-title">{doc.name}</span>
                      )}
                      <div className="row small muted">
                        <span>{formatFileSize(doc.fileSize)}</span>
                        <span>{formatDate(doc.createdAt)}</span>
                        {doc.access === 'MEMBERS_ONLY' ? <span className="badge">{t('documents.membersOnly')}</span> : null}
                      </div>
                    </li>
                  ))}
                </ul>
                <Pager page={page} totalPages={list.totalPages} />
              </>
            ) : (
              <Empty>{search ? t('documents.noneFound') : t('documents.empty')}</Empty>
            )
          }
        </Show>
      </section>
    </>
  );
}
