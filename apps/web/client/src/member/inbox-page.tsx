import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Schema } from '@platform/api-client';
import { api } from '../api/platform';
import { problemMessage, type ProblemMessage } from '../api/problem-message';
import { Empty, ProblemNotice } from '../ui/notices';
import { useDocumentTitle } from '../ui/use-document-title';
import { formatDateTime } from './format';
import { useMember } from './member-context';
import { Pager, Show, usePageParam } from './parts';
import { useLoad } from './use-load';

type Notification = Schema<'platform.notifications.v1.Notification'>;

/** Where a notification leads in the app, from the entity its `data` names. */
function linkOf(notification: Notification): string | undefined {
  const data = (notification.data ?? {}) as Record<string, unknown>;
  if (typeof data['articleId'] === 'string') return `/news/${data['articleId']}`;
  if (typeof data['eventId'] === 'string') return `/events/${data['eventId']}`;
  return undefined;
}

/** The member's inbox, newest first: read and unread entries, marked one by one or all at once. */
export function InboxPage() {
  const { t } = useTranslation('member');
  const { refreshUnread, unread } = useMember();
  useDocumentTitle(t('inbox.title'));
  const [params] = useSearchParams();
  const onlyUnread = params.get('unread') === '1';
  const page = usePageParam();
  const [inbox, reload] = useLoad(`inbox/${onlyUnread}/${page}`, () =>
    api.GET('/api/notifications', { params: { query: { ...(onlyUnread ? { read: false } : {}), page, size: 20 } } }),
  );
  const [problem, setProblem] = useState<ProblemMessage>();
  const [busy, setBusy] = useState(false);

  const mark = async (ids: string[], read: boolean) => {
    setBusy(true);
    setProblem(undefined);
    for (const notificationId of ids) {
      const { error, response } = await api.PUT('/api/notifications/{notificationId}', { params: { path: { notificationId } }, body: { read } });
      if (!response.ok) {
        setProblem(problemMessage(error, response));
        break;
      }
    }
    setBusy(false);
    reload();
    refreshUnread();
  };

  return (
    <>
      <h1>{t('inbox.title')}</h1>
      <p className="muted" aria-live="polite">
        {unread === undefined ? '' : unread === 0 ? t('inbox.allRead') : t('inbox.unreadCount', { count: unread })}
      </p>
      <nav className="tabs" aria-label={t('inbox.which')}>
        <Link to="/inbox" aria-current={onlyUnread ? undefined : 'page'}>
          {t('inbox.all')}
        </Link>
        <Link to="/inbox?unread=1" aria-current={onlyUnread ? 'page' : undefined}>
          {t('inbox.unreadOnly')}
        </Link>
      </nav>
      <ProblemNotice problem={problem} />
      <Show loaded={inbox} retry={reload}>
        {(list) => {
          const entries = list.content ?? [];
          const unreadHere = entries.filter((n) => !n.read && n.id).map((n) => n.id as string);
          return entries.length ? (
            <>
              {unreadHere.length > 1 ? (
                <p>
                  <button type="button" className="secondary" disabled={busy} onClick={() => mark(unreadHere, true)}>
                    {t('inbox.markAllRead')}
                  </button>
                </p>
              ) : null}
              <ul className="list inbox">
                {entries.map((n) => {
                  const to = linkOf(n);
                  return (
                    <li key={n.id} className={n.read ? 'read' : 'unread'}>
                      <div className="row between">
                        <span className="item-title">
                          {n.read ? null : <span className="dot" aria-hidden="true" />}
                          {n.title}
                          {n.read ? null : <span className="sr-only"> {t('inbox.unreadMark')}</span>}
                        </span>
                        <span className="small muted">{formatDateTime(n.createdAt)}</span>
                      </div>
                      {n.body ? <p className="notification-body">{n.body}</p> : null}
                      <div className="row">
                        {to ? (
                          <Link to={to} onClick={() => (n.read || !n.id ? undefined : void mark([n.id], true))}>
                            {t('inbox.open')}
                          </Link>
                        ) : null}
                        <button
                          type="button"
                          className="link"
                          disabled={busy}
                          aria-label={n.read ? t('inbox.markUnreadOf', { title: n.title }) : t('inbox.markReadOf', { title: n.title })}
                          onClick={() => mark([n.id ?? ''], !n.read)}
                        >
                          {n.read ? t('inbox.markUnread') : t('inbox.markRead')}
                        </button>
                      </div>
                    </li>
                  );
                })}
              </ul>
              <Pager page={page} totalPages={list.totalPages} />
            </>
          ) : (
            <Empty>{onlyUnread ? t('inbox.noUnread') : t('inbox.empty')}</Empty>
          );
        }}
      </Show>
    </>
  );
}
