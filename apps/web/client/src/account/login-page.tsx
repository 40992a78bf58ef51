import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api, sessionStore } from '../api/platform';
import { problemMessage, type ProblemMessage } from '../api/problem-message';
import { Field } from '../ui/forms';
import { ProblemNotice, SuccessNotice } from '../ui/notices';
import { useDocumentTitle } from '../ui/use-document-title';
import { organisationOfLogin, safeNext } from './account-links';

/** What another account page hands over when it sends the person here (`navigate('/login', { state })`). */
export interface LoginState {
  /** A notice key of account.json's `login.notices` (password reset, account created…). */
  notice?: 'passwordReset' | 'signedOut' | 'signedOutEverywhere';
  /** The MFA step of a sign-in another page started (after a reset with MFA on). */
  challengeToken?: string;
  email?: string;
}

/**
 * Sign-in: email and password (at an organisation when `?org=<slug>` names one, as the invitation
 * email's link does; as a platform administrator with `?as=system`), then the MFA code when the
 * answer asks for it. Afterwards `?next=` or the start page of the person's kind.
 */
export function LoginPage() {
  const { t } = useTranslation('account');
  useDocumentTitle(t('login.title'));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const handedOver = (useLocation().state ?? {}) as LoginState;
  const system = params.get('as') === 'system';
  const [email, setEmail] = useState(handedOver.email ?? params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [organizationSlug, setOrganizationSlug] = useState(params.get('org') ?? '');
  const [askOrganisation, setAskOrganisation] = useState(false);
  const [challenge, setChallenge] = useState<string | undefined>(handedOver.challengeToken);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<ProblemMessage>();
  const [busy, setBusy] = useState(false);

  const finish = (pair: { accessToken?: string | null; refreshToken?: string | null }) => {
    if (!pair.accessToken || !pair.refreshToken) return false;
    const session = sessionStore.signIn({ accessToken: pair.accessToken, refreshToken: pair.refreshToken });
    void navigate(safeNext(params.get('next'), session.claims.userType === 'SYSTEM' ? '/admin' : '/'), { replace: true });
    return true;
  };

  const signIn = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    // `?org=` is a slug in the sign-in links and an id in the invitation's (organisationOfLogin).
    const { data, error, response } = system
      ? await api.POST('/api/auth/system/login', { body: { email, password } })
      : await api.POST('/api/auth/org/login', { body: { email, password, ...organisationOfLogin(organizationSlug) } });
    setBusy(false);
    if (data) {
      if (data.mfa_required && data.challengeToken) setChallenge(data.challengeToken);
      else finish(data);
      return;
    }
    const failed = problemMessage(error, response);
    // Several organisations and none used yet: the person names one (decision 0184).
    if (failed.fields['organizationId'] || failed.fields['organizationSlug']) setAskOrganisation(true);
    setProblem(failed);
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    const { data, error, response } = await api.POST('/api/auth/mfa/verify', { body: { email, challengeToken: challenge, code: code.trim() } });
    setBusy(false);
    if (data && finish(data)) return;
    setProblem(problemMessage(error, response));
  };

  if (challenge) {
    return (
      <main id="main" className="narrow">
        <h1>{t('login.mfaTitle')}</h1>
        <p>{t('login.mfaHelp')}</p>
        <ProblemNotice problem={problem} />
        <form className="stack" onSubmit={verify}>
          <Field
            label={t('login.mfaCode')}
            name="code"
            autoComplete="one-time-code"
            inputMode="text"
            required
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoFocus
          />
          <button type="submit" disabled={busy}>
            {t('login.mfaSubmit')}
          </button>
        </form>
      </main>
    );
  }

  return (
    <main id="main" className="narrow">
      <h1>{t('login.title')}</h1>
      {handedOver.notice && !problem ? <SuccessNotice>{t(`login.notices.${handedOver.notice}`)}</SuccessNotice> : null}
      <ProblemNotice problem={problem} />
      <form className="stack" onSubmit={signIn}>
        <Field
          label={t('login.email')}
          name="email"
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={problem?.fields['email']}
        />
        <Field
          label={t('login.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={problem?.fields['password']}
        />
        {askOrganisation && !system ? (
          <Field
            label={t('login.chooseOrganisation')}
            name="organization"
            hint={t('login.organisationHint')}
            value={organizationSlug}
            onChange={(e) => setOrganizationSlug(e.target.value)}
            error={problem?.fields['organizationId'] ?? problem?.fields['organizationSlug']}
          />
        ) : null}
        <button type="submit" disabled={busy}>
          {t('login.submit')}
        </button>
      </form>
      <p className="row">
        <Link to={`/reset-password${organizationSlug ? `?org=${encodeURIComponent(organizationSlug)}` : ''}`} state={{ email }}>
          {t('login.forgot')}
        </Link>
        {!system ? <Link to="/register">{t('login.register')}</Link> : null}
      </p>
      {!system ? (
        <p>
          <Link to="/login?as=system">{t('login.systemLogin')}</Link>
        </p>
      ) : null}
    </main>
  );
}
