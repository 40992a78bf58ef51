import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Schema } from '@platform/api-client';
import { api } from '../api/platform';
import { problemMessage, type ProblemMessage } from '../api/problem-message';
import { Field } from '../ui/forms';
import { Empty, ProblemNotice, SuccessNotice } from '../ui/notices';
import { useDocumentTitle } from '../ui/use-document-title';
import { brandStyle, displayableLogo } from '../member/branding';
import { formatEventWhen } from '../member/format';
import { htmlToText } from '../member/html-text';
import { Show } from '../member/parts';
import { TextAreaField } from '../ui/forms';
import { useLoad } from '../member/use-load';
import { useSession } from '../session/use-session';
import { parseCalendar, upcoming } from './ics';
import { joinRefusal } from './join-answer';
import '../member/member.css';

type Organisation = Schema<'platform.organisation.v1.Organisation'>;

/**
 * An organisation's public page, no sign-in needed: its name, logo and colours, its public events
 * (read from its calendar feed, the one public list of events) with the feed to subscribe to, its
 * legal pages, and the form to ask to join.
 */
export function OrgPage() {
  const { t } = useTranslation('member');
  const { t: common } = useTranslation();
  const slug = useParams()['slug'] ?? '';
  const session = useSession();
  const [organisation, reload] = useLoad(`org/${slug}`, () => api.GET('/api/orgs/slug/{slug}', { params: { path: { slug } } }));
  const [branding] = useLoad(`branding/${slug}`, () => api.GET('/api/public/orgs/{slug}/branding', { params: { path: { slug } } }));
  const org = organisation.state === 'ready' ? organisation.data : undefined;
  useDocumentTitle(org?.name ?? t('org.title'));
  const brand = branding.state === 'ready' ? branding.data : undefined;
  const logo = displayableLogo(brand?.logoUrl, window.location.origin);

  return (
    <div className="member-app org-page" style={brandStyle(brand)}>
      <a className="skip-link" href="#main">
        {common('skipToContent')}
      </a>
      <header className="shell-header member-header">
        <div className="bar">
          <span className="brand">
            {logo ? <img src={logo} alt="" width={28} height={28} /> : null}
            <span>{org?.name ?? slug}</span>
          </span>
          {session ? (
            <Link to="/">{t('org.openApp')}</Link>
          ) : (
            <Link to={`/login?org=${encodeURIComponent(slug)}&next=${encodeURIComponent('/')}`}>{t('org.signIn')}</Link>
          )}
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        {organisation.state === 'failed' && organisation.problem.status === 404 ? (
          <>
            <h1>{t('org.notFound')}</h1>
            <p>{t('org.notFoundBody')}</p>
          </>
        ) : (
          <Show loaded={organisation} retry={reload}>
            {(o) => (
              <>
                <h1>{o.name}</h1>
                {o.description ? <p className="lead">{o.description}</p> : null}
                {o.website_url && /^https?:\/\//i.test(o.website_url) ? (
                  <p>
                    <a href={o.website_url} rel="noopener noreferrer">
                      {t('org.website')}
                    </a>
                  </p>
                ) : null}
                <PublicEvents slug={slug} />
                <JoinRequest organisation={o} slug={slug} />
                <LegalPages slug={slug} />
              </>
            )}
          </Show>
        )}
      </main>
    </div>
  );
}

function PublicEvents({ slug }: { slug: string }) {
  const { t } = useTranslation('member');
  const feedUrl = `/api/public/orgs/${encodeURIComponent(slug)}/events.ics`;
  const [feed, reload] = useLoad(`feed/${slug}`, () => api.GET('/api/public/orgs/{slug}/events.ics', { params: { path: { slug } }, parseAs: 'text' }));
  return (
    <section aria-labelledby="events-title">
      <h2 id="events-title">{t('org.events')}</h2>
      <Show loaded={feed} retry={reload}>
        {(text) => {
          const events = upcoming(parseCalendar(typeof text === 'string' ? text : ''));
          return events.length ? (
            <ul className="list">
              {events.slice(0, 20).map((e) => (
                <li key={e.uid}>
                  <span className="item-title">{e.summary}</span>
                  {e.cancelled ? <span className="badge danger">{t('event.cancelled')}</span> : null}
                  <div className="small">{formatEventWhen(e.start, e.end, e.allDay)}</div>
                  {e.location ? <div className="small muted">{e.location}</div> : null}
                  {e.description ? <p className="excerpt">{htmlToText(e.description)}</p> : null}
                  {e.eventId ? (
                    <a className="small" href={`/api/public/orgs/${encodeURIComponent(slug)}/events/${e.eventId}.ics`} download={`${e.eventId}.ics`}>
                      {t('event.addToCalendar')}
                      <span className="sr-only">: {e.summary}</span>
                    </a>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : (
            <Empty>{t('org.noEvents')}</Empty>
          );
        }}
      </Show>
      <p>
        <a href={feedUrl}>{t('org.subscribe')}</a>
      </p>
    </section>
  );
}

function JoinRequest({ organisation, slug }: { organisation: Organisation; slug: string }) {
  const { t } = useTranslation('member');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<ProblemMessage>();
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  if (!organisation.allow_join_requests) {
    return (
      <section aria-labelledby="join-title">
        <h2 id="join-title">{t('join.title')}</h2>
        <p>{t('join.closed')}</p>
      </section>
    );
  }

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    const { error, response } = await api.POST('/api/public/orgs/{slug}/join-requests', {
      params: { path: { slug } },
      body: { firstName: firstName.trim(), lastName: lastName.trim(), email: email.trim(), message: message.trim() },
    });
    setBusy(false);
    if (response.ok) {
      setSent(true);
      return;
    }
    const failed = problemMessage(error, response);
    const refusal = joinRefusal(failed.status, failed.retryAfter);
    if (refusal.kind === 'limit') setProblem({ ...failed, message: t('join.limit', { count: refusal.minutes }) });
    else if (refusal.kind === 'closed') setProblem({ ...failed, message: t('join.closed') });
    else setProblem(failed);
  };

  return (
    <section aria-labelledby="join-title" className="card">
      <h2 id="join-title">{t('join.title', { name: organisation.name })}</h2>
      {sent ? (
        <div className="stack">
          <SuccessNotice>{t('join.sent', { name: organisation.name })}</SuccessNotice>
          <button
            type="button"
            className="secondary"
            onClick={() => {
              setSent(false);
              setMessage('');
            }}
          >
            {t('join.another')}
          </button>
        </div>
      ) : (
        <form className="stack" onSubmit={send}>
          <p className="muted small">{t('join.help')}</p>
          <ProblemNotice problem={problem} />
          <Field
            label={t('join.firstName')}
            name="firstName"
            autoComplete="given-name"
            required
            value={firstName}
            onChange={(e) => setFirstName(e.target.value)}
            error={problem?.fields['firstName']}
          />
          <Field
            label={t('join.lastName')}
            name="lastName"
            autoComplete="family-name"
            required
            value={lastName}
            onChange={(e) => setLastName(e.target.value)}
            error={problem?.fields['lastName']}
          />
          <Field
            label={t('join.email')}
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={problem?.fields['email']}
          />
          <TextAreaField
            label={t('join.message')}
            name="message"
            rows={3}
            maxLength={2000}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            error={problem?.fields['message']}
          />
          <button type="submit" disabled={busy}>
            {t('join.send')}
          </button>
        </form>
      )}
    </section>
  );
}

const LEGAL = ['termsOfService', 'privacyPolicy', 'cookiePolicy'] as const;

function LegalPages({ slug }: { slug: string }) {
  const { t } = useTranslation('member');
  const [legal] = useLoad(`legal/${slug}`, () => api.GET('/api/public/orgs/{slug}/legal-pages', { params: { path: { slug } } }));
  if (legal.state !== 'ready') return null;
  const pages = LEGAL.filter((page) => legal.data[page]?.trim());
  if (!pages.length) return null;
  return (
    <section aria-labelledby="legal-title" className="legal">
      <h2 id="legal-title">{t('org.legal')}</h2>
      {pages.map((page) => (
        <details key={page}>
          <summary>{t(`org.${page}`)}</summary>
          {/* Sanitised by the organisation service on save (decision 0186, LEGAL policy). */}
          <div className="article-body" dangerouslySetInnerHTML={{ __html: legal.data[page] ?? '' }} />
        </details>
      ))}
    </section>
  );
}
