import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Schema } from '@platform/api-client';
import { api } from '../api/platform';
import { problemMessage, type ProblemMessage } from '../api/problem-message';
import { Empty, ProblemNotice } from '../ui/notices';
import { useDocumentTitle } from '../ui/use-document-title';
import { displayableLogo } from './branding';
import { formatDate, formatDateTime } from './format';
import { useMember } from './member-context';
import { TextAreaField } from '../ui/forms';
import { Show } from './parts';
import { useLoad } from './use-load';

type Comment = Schema<'platform.content.v1.Comment'>;

/** One article: its sanitised HTML body, then its comments and a form to add one. */
export function ArticlePage() {
  const { t } = useTranslation('member');
  const { organizationId } = useMember();
  const articleId = useParams()['articleId'] ?? '';
  const [article, reload] = useLoad(`article/${articleId}`, () =>
    api.GET('/api/orgs/{organizationId}/news/{articleId}', { params: { path: { organizationId, articleId } } }),
  );
  useDocumentTitle(article.state === 'ready' ? (article.data.title ?? t('news.title')) : t('news.title'));
  return (
    <>
      <p>
        <Link to="/news">{t('news.back')}</Link>
      </p>
      <Show loaded={article} retry={reload}>
        {(a) => {
          const cover = displayableLogo(a.coverImageUrl || a.featuredImageUrl, window.location.origin);
          return (
            <article>
              <h1>{a.title}</h1>
              <div className="row small muted">
                <span>{formatDate(a.publishedAt)}</span>
                {a.authorName ? <span>{t('news.by', { name: a.authorName })}</span> : null}
                {a.membersOnly ? <span className="badge">{t('news.membersOnly')}</span> : null}
              </div>
              {cover ? <img className="cover" src={cover} alt="" /> : null}
              {/* The content service keeps sanitised HTML only (decision 0186, ARTICLE policy). */}
              <div className="article-body card" dangerouslySetInnerHTML={{ __html: a.content ?? '' }} />
              {a.tags?.length ? (
                <ul className="tags" aria-label={t('news.tags')}>
                  {a.tags.map((tag) => (
                    <li key={tag} className="badge">
                      {tag}
                    </li>
                  ))}
                </ul>
              ) : null}
              <Comments organizationId={organizationId} articleId={articleId} />
            </article>
          );
        }}
      </Show>
    </>
  );
}

function Comments({ organizationId, articleId }: { organizationId: string; articleId: string }) {
  const { t } = useTranslation('member');
  const [comments, reload] = useLoad(`comments/${articleId}`, () =>
    api.GET('/api/orgs/{organizationId}/news/{articleId}/comments', { params: { path: { organizationId, articleId }, query: { size: 100 } } }),
  );
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<ProblemMessage>();
  const [busy, setBusy] = useState(false);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    const { error, response } = await api.POST('/api/orgs/{organizationId}/news/{articleId}/comments', {
      params: { path: { organizationId, articleId } },
      body: { content: text.trim() },
    });
    setBusy(false);
    if (response.ok) {
      setText('');
      reload();
    } else setProblem(problemMessage(error, response));
  };

  return (
    <section aria-labelledby="comments-title" className="comments">
      <h2 id="comments-title">{t('comments.title')}</h2>
      <Show loaded={comments} retry={reload}>
        {(page) => (page.content?.length ? <CommentList comments={page.content} /> : <Empty>{t('comments.empty')}</Empty>)}
      </Show>
      <form className="stack" onSubmit={send}>
        <ProblemNotice problem={problem} />
        <TextAreaField
          label={t('comments.yours')}
          name="comment"
          rows={3}
          required
          maxLength={5000}
          value={text}
          onChange={(e) => setText(e.target.value)}
          error={problem?.fields['content']}
        />
        <button type="submit" disabled={busy || !text.trim()}>
          {t('comments.send')}
        </button>
      </form>
    </section>
  );
}

function CommentList({ comments }: { comments: Comment[] }) {
  const { t } = useTranslation('member');
  return (
    <ul className="comment-list">
      {comments.map((c) => (
        <li key={c.id}>
          {c.deleted ? (
            <p className="muted">{t('comments.deleted')}</p>
          ) : (
            <>
              <div className="small muted">
                <strong className="author">{c.authorName || t('comments.someone')}</strong> · {formatDateTime(c.createdAt)}
              </div>
              <p className="comment-text">{c.content}</p>
            </>
          )}
          {c.replies?.length ? <CommentList comments={c.replies} /> : null}
        </li>
      ))}
    </ul>
  );
}
