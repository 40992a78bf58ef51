import { useMemo, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Schema } from '@platform/api-client';
import { api } from '../api/platform';
import { problemMessage, type ProblemMessage } from '../api/problem-message';
import { Field } from '../ui/forms';
import { ProblemNotice, SuccessNotice } from '../ui/notices';
import { useDocumentTitle } from '../ui/use-document-title';
import { canRegisterForEvents } from './access';
import { formatEventWhen, formatMoney } from './format';
import { htmlToText } from './html-text';
import { useMember } from './member-context';
import { TextAreaField } from '../ui/forms';
import { Show } from './parts';
import { RegistrationMemory } from './registration-memory';
import { useLoad } from './use-load';

type Event = Schema<'platform.events.v1.Event'>;
type Question = Schema<'platform.events.v1.SurveyQuestion'>;

/** One event: when, where, price, places; registering (with its survey), the waiting list, cancelling; the calendar file. */
export function EventPage() {
  const { t } = useTranslation('member');
  const { organizationId, organisation, role } = useMember();
  const eventId = useParams()['eventId'] ?? '';
  const [event, reload] = useLoad(`event/${eventId}`, () =>
    api.GET('/api/orgs/{organizationId}/events/{eventId}', { params: { path: { organizationId, eventId } } }),
  );
  useDocumentTitle(event.state === 'ready' ? (event.data.title ?? t('events.title')) : t('events.title'));
  return (
    <>
      <p>
        <Link to="/events">{t('events.back')}</Link>
      </p>
      <Show loaded={event} retry={reload}>
        {(e) => (
          <article>
            <h1>{e.title}</h1>
            {e.status === 'CANCELLED' ? (
              <div className="notice error" role="status">
                {t('event.cancelledBecause', { reason: e.cancellationReason || t('event.noReason') })}
              </div>
            ) : null}
            <dl className="facts card">
              <dt>{t('event.when')}</dt>
              <dd>{formatEventWhen(e.startDate, e.endDate, e.isAllDay)}</dd>
              {e.venueName || e.address?.city ? (
                <>
                  <dt>{t('event.where')}</dt>
                  <dd>{[e.venueName, e.address?.street, [e.address?.postalCode, e.address?.city].filter(Boolean).join(' ')].filter(Boolean).join(', ')}</dd>
                </>
              ) : null}
              {e.isVirtual || e.eventType === 'VIRTUAL' ? (
                <>
                  <dt>{t('event.format')}</dt>
                  <dd>{t(`event.type.${e.eventType ?? 'VIRTUAL'}`)}</dd>
                </>
              ) : null}
              <dt>{t('event.price')}</dt>
              <dd>{priceText(e, t)}</dd>
              {e.maxAttendees ? (
                <>
                  <dt>{t('event.places')}</dt>
                  <dd>
                    {t('event.placesTaken', { taken: e.confirmedCount ?? 0, max: e.maxAttendees })}
                    {e.waitlistedCount ? ` · ${t('event.waiting', { count: e.waitlistedCount })}` : ''}
                  </dd>
                </>
              ) : null}
            </dl>
            {e.description || e.excerpt ? <p className="description">{htmlToText(e.description || e.excerpt)}</p> : null}
            {organisation?.slug ? (
              <p>
                <a className="button secondary" href={`/api/public/orgs/${encodeURIComponent(organisation.slug)}/events/${e.id}.ics`} download={`${e.id}.ics`}>
                  {t('event.addToCalendar')}
                </a>
              </p>
            ) : null}
            <Registration event={e} organizationId={organizationId} canRegister={canRegisterForEvents(role)} onChange={reload} />
          </article>
        )}
      </Show>
    </>
  );
}

function priceText(e: Event, t: (key: string) => string): string {
  if (e.isFree) return t('event.free');
  const member = formatMoney(e.memberPrice ?? e.basePrice, e.currency);
  return member || e.cost || t('event.priceUnknown');
}

function Registration({ event, organizationId, canRegister, onChange }: { event: Event; organizationId: string; canRegister: boolean; onChange: () => void }) {
  const { t } = useTranslation('member');
  const { userId } = useMember();
  const eventId = event.id ?? '';
  const memory = useMemo(() => new RegistrationMemory(window.localStorage, userId), [userId]);
  const [registrationId, setRegistrationId] = useState(() => memory.get(eventId));
  const [notice, setNotice] = useState<string>();
  const [problem, setProblem] = useState<ProblemMessage>();

  if (!event.registrationRequired) {
    return (
      <section className="card" aria-labelledby="registration-title">
        <h2 id="registration-title">{t('registration.title')}</h2>
        <p>{t('registration.notNeeded')}</p>
        {event.registrationUrl ? (
          <a href={event.registrationUrl} rel="noopener noreferrer" target="_blank">
            {t('registration.external')}
          </a>
        ) : null}
      </section>
    );
  }

  const registered = (id: string) => {
    memory.remember(eventId, id);
    setRegistrationId(id);
    onChange();
  };
  const cancelled = () => {
    memory.forget(eventId);
    setRegistrationId(undefined);
    setNotice(t('registration.cancelledNotice'));
    onChange();
  };

  return (
    <section className="card" aria-labelledby="registration-title">
      <h2 id="registration-title">{t('registration.title')}</h2>
      {notice ? <SuccessNotice>{notice}</SuccessNotice> : null}
      <ProblemNotice problem={problem} />
      {registrationId ? (
        <MyRegistration
          key={registrationId}
          organizationId={organizationId}
          event={event}
          registrationId={registrationId}
          onCancelled={cancelled}
          onGone={() => {
            memory.forget(eventId);
            setRegistrationId(undefined);
          }}
          onProblem={setProblem}
        />
      ) : !canRegister ? (
        <p>{t('registration.notForRole')}</p>
      ) : event.status !== 'PUBLISHED' ? (
        <p>{t('registration.closed')}</p>
      ) : (
        <RegisterForm
          event={event}
          organizationId={organizationId}
          onRegistered={(id, message) => {
            setNotice(message);
            registered(id);
          }}
          onProblem={setProblem}
        />
      )}
    </section>
  );
}

function MyRegistration(props: {
  organizationId: string;
  event: Event;
  registrationId: string;
  onCancelled: () => void;
  onGone: () => void;
  onProblem: (p: ProblemMessage | undefined) => void;
}) {
  const { t } = useTranslation('member');
  const { organizationId, event, registrationId } = props;
  const eventId = event.id ?? '';
  const [registration, reload] = useLoad(`registration/${registrationId}`, () =>
    api.GET('/api/orgs/{organizationId}/events/{eventId}/registrations/{registrationId}', { params: { path: { organizationId, eventId, registrationId } } }),
  );
  const [busy, setBusy] = useState(false);

  const cancel = async () => {
    setBusy(true);
    props.onProblem(undefined);
    const { error, response } = await api.DELETE('/api/orgs/{organizationId}/events/{eventId}/registrations/{registrationId}', {
      params: { path: { organizationId, eventId, registrationId } },
    });
    setBusy(false);
    if (response.ok) props.onCancelled();
    else props.onProblem(problemMessage(error, response));
  };

  if (registration.state === 'failed' && registration.problem.status === 404) {
    // Removed meanwhile (another browser, an administrator): forget it and offer registering again.
    return <CancelledNow onGone={props.onGone} />;
  }
  return (
    <Show loaded={registration} retry={reload}>
      {(r) =>
        r.status === 'CANCELLED' ? (
          <CancelledNow onGone={props.onGone} />
        ) : (
          <div className="stack">
            <p className={`registration-state ${r.status?.toLowerCase() ?? ''}`}>
              <strong>{t(`registration.status.${r.status ?? 'PENDING'}`)}</strong>
            </p>
            {r.status === 'WAITLISTED' ? <p>{t('registration.waitlistedHelp')}</p> : null}
            {r.price ? <p className="small muted">{t('registration.priceToPay', { price: formatMoney(r.price, r.currency) })}</p> : null}
            {event.status === 'PUBLISHED' ? (
              <button type="button" className="danger" disabled={busy} onClick={cancel}>
                {r.status === 'WAITLISTED' ? t('registration.leaveWaitingList') : t('registration.cancel')}
              </button>
            ) : null}
          </div>
        )
      }
    </Show>
  );
}

function CancelledNow({ onGone }: { onGone: () => void }) {
  const { t } = useTranslation('member');
  return (
    <div className="stack">
      <p>{t('registration.status.CANCELLED')}</p>
      <button type="button" className="secondary" onClick={onGone}>
        {t('registration.registerAgain')}
      </button>
    </div>
  );
}

function RegisterForm(props: {
  event: Event;
  organizationId: string;
  onRegistered: (registrationId: string, message: string) => void;
  onProblem: (p: ProblemMessage | undefined) => void;
}) {
  const { t } = useTranslation('member');
  const { event, organizationId } = props;
  const eventId = event.id ?? '';
  const questions = event.surveyQuestions ?? [];
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const full = event.maxAttendees !== null && event.maxAttendees !== undefined && (event.confirmedCount ?? 0) >= event.maxAttendees;

  if (full && !event.waitingListEnabled) return <p>{t('registration.full')}</p>;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    props.onProblem(undefined);
    const created = await api.POST('/api/orgs/{organizationId}/events/{eventId}/registrations', { params: { path: { organizationId, eventId } }, body: {} });
    if (!created.data?.id) {
      setBusy(false);
      props.onProblem(problemMessage(created.error, created.response));
      return;
    }
    const registration = created.data;
    const given = questions
      .filter((q) => q.id && answers[q.id]?.trim())
      .map((q) => ({ questionId: q.id as string, answer: (answers[q.id as string] ?? '').trim() }));
    let message = registration.status === 'WAITLISTED' ? t('registration.waitlistedNotice') : t('registration.registeredNotice');
    if (questions.length && registration.surveyResponseId) {
      const survey = await api.POST('/api/orgs/{organizationId}/events/{eventId}/responses/{responseId}/submit', {
        params: { path: { organizationId, eventId, responseId: registration.surveyResponseId } },
        body: { answers: given },
      });
      if (!survey.response.ok) {
        const failed = problemMessage(survey.error, survey.response);
        props.onProblem({ ...failed, message: t('registration.surveyFailed', { detail: failed.message }) });
        message = '';
      }
    }
    setBusy(false);
    props.onRegistered(registration.id ?? '', message);
  };

  return (
    <form className="stack" onSubmit={submit}>
      {full ? <p>{t('registration.fullWithWaitingList')}</p> : null}
      {questions.length ? (
        <fieldset className="survey">
          <legend>{t('registration.surveyTitle')}</legend>
          {questions.map((q) => (
            <SurveyQuestion key={q.id} question={q} value={answers[q.id ?? ''] ?? ''} onChange={(v) => setAnswers((all) => ({ ...all, [q.id ?? '']: v }))} />
          ))}
        </fieldset>
      ) : null}
      <button type="submit" disabled={busy}>
        {full ? t('registration.joinWaitingList') : t('registration.register')}
      </button>
    </form>
  );
}

function SurveyQuestion({ question, value, onChange }: { question: Question; value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('member');
  const label = question.required ? `${question.text ?? ''} ${t('registration.requiredMark')}` : (question.text ?? '');
  if (question.type === 'CHOICE' || question.type === 'RATING') {
    const options = question.type === 'RATING' ? ['1', '2', '3', '4', '5'] : (question.options ?? []);
    return (
      <fieldset className="choice">
        <legend>{label}</legend>
        {options.map((option) => (
          <label key={option} className="checkbox">
            <input
              type="radio"
              name={`q-${question.id}`}
              value={option}
              checked={value === option}
              required={question.required}
              onChange={() => onChange(option)}
            />
            {option}
          </label>
        ))}
      </fieldset>
    );
  }
  if ((question.text ?? '').length > 60)
    return <TextAreaField label={label} rows={2} value={value} required={question.required} maxLength={2000} onChange={(e) => onChange(e.target.value)} />;
  return <Field label={label} value={value} required={question.required} maxLength={2000} onChange={(e) => onChange(e.target.value)} />;
}
