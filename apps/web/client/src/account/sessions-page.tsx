import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../api/platform';
import { problemMessage, type ProblemMessage } from '../api/problem-message';
import { Field } from '../ui/forms';
import { ProblemNotice } from '../ui/notices';
import { useDocumentTitle } from '../ui/use-document-title';
import type { LoginState } from './login-page';
import { markLeaving } from './leaving';
import { signOut } from './sign-in';

/**
 * Sessions. The API ends this session (`POST /api/auth/tokens/revoke`) and, with a password
 * change, every other one (decision 0063); it has no list of sessions and no "end all" route. So
 * "sign out everywhere" confirms the password, changes it to itself (the other sessions end), then
 * ends this one.
 */
export function SessionsPage() {
  const { t } = useTranslation('account');
  useDocumentTitle(t('sessions.title'));
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<ProblemMessage>();
  const [busy, setBusy] = useState(false);

  const leaveWith = async (notice: LoginState['notice']) => {
    markLeaving();
    await navigate('/login', { replace: true, state: { notice } satisfies LoginState });
    await signOut();
  };

  const everywhere = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    const { data, error, response } = await api.POST('/api/auth/password/change', { body: { currentPassword: password, newPassword: password } });
    setBusy(false);
    if (!data) {
      const failed = problemMessage(error, response);
      return setProblem({ ...failed, fields: { password: failed.fields['currentPassword'] ?? failed.fields['newPassword'] ?? '' } });
    }
    await leaveWith('signedOutEverywhere');
  };

  return (
    <main id="main" className="narrow">
      <h1>{t('sessions.title')}</h1>
      <section className="card" aria-labelledby="sessions-here">
        <h2 id="sessions-here">{t('sessions.hereTitle')}</h2>
        <p>{t('sessions.hereBody')}</p>
        <button type="button" className="secondary" onClick={() => void leaveWith('signedOut')}>
          {t('sessions.here')}
        </button>
      </section>
      <section className="card" aria-labelledby="sessions-everywhere">
        <h2 id="sessions-everywhere">{t('sessions.everywhereTitle')}</h2>
        <p>{t('sessions.everywhereBody')}</p>
        <ProblemNotice problem={problem} />
        <form className="stack" onSubmit={everywhere}>
          <Field
            label={t('sessions.password')}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={problem?.fields['password'] || undefined}
          />
          <button type="submit" className="danger" disabled={busy}>
            {t('sessions.everywhere')}
          </button>
        </form>
      </section>
    </main>
  );
}
