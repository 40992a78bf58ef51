import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api, sessionStore } from '../api/platform';
import { problemMessage, type ProblemMessage } from '../api/problem-message';
import { Field } from '../ui/forms';
import { ProblemNotice, SuccessNotice } from '../ui/notices';
import { useDocumentTitle } from '../ui/use-document-title';
import { markLeaving } from './leaving';

/**
 * Deactivating one's own account (`POST /api/auth/me/deactivate`, with the password and a
 * confirmation): every session ends and sign-in is refused until a platform administrator
 * reactivates it.
 */
export function DeactivatePage() {
  const { t } = useTranslation('account');
  useDocumentTitle(t('deactivate.title'));
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [sure, setSure] = useState(false);
  const [problem, setProblem] = useState<ProblemMessage>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    const { data, error, response } = await api.POST('/api/auth/me/deactivate', { body: { password } });
    setBusy(false);
    if (!data) return setProblem(problemMessage(error, response));
    markLeaving();
    await navigate('/account/deactivated', { replace: true });
    sessionStore.signOut();
  };

  return (
    <main id="main" className="narrow">
      <h1>{t('deactivate.title')}</h1>
      <p>{t('deactivate.body')}</p>
      <ProblemNotice problem={problem} />
      <form className="stack" onSubmit={submit}>
        <Field
          label={t('deactivate.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={problem?.fields['password']}
        />
        <div className="checkbox">
          <input id="deactivate-sure" type="checkbox" required checked={sure} onChange={(e) => setSure(e.target.checked)} />
          <label htmlFor="deactivate-sure">{t('deactivate.confirm')}</label>
        </div>
        <button type="submit" className="danger" disabled={busy || !sure}>
          {t('deactivate.submit')}
        </button>
      </form>
    </main>
  );
}

/** Where a deactivated account lands: signed out, with what happened and what to do. */
export function DeactivatedPage() {
  const { t } = useTranslation('account');
  useDocumentTitle(t('deactivate.doneTitle'));
  return (
    <main id="main" className="narrow">
      <h1>{t('deactivate.doneTitle')}</h1>
      <SuccessNotice>{t('deactivate.doneBody')}</SuccessNotice>
      <p>
        <Link to="/">{t('common:notFound.home')}</Link>
      </p>
    </main>
  );
}
