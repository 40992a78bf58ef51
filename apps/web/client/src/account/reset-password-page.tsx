import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../api/platform';
import { problemMessage, type ProblemMessage } from '../api/problem-message';
import { Field } from '../ui/forms';
import { ProblemNotice, SuccessNotice } from '../ui/notices';
import { useDocumentTitle } from '../ui/use-document-title';
import { loginPath, safeNext } from './account-links';
import type { LoginState } from './login-page';
import { signInWithPassword } from './sign-in';

/**
 * Password reset (decision 0062): the address gets a 6-digit code by email, the code and a new
 * password set it, and the person is signed in. The reset email's link (`?email=`) opens the code
 * step directly; a set-password link (`?email=&org=`: welcome, invitation, approved join request,
 * for an account made for the person, decision 0075) asks for the first code with the address
 * filled in, and `?org=` is kept for the sign-in that follows. The answer to a request is the same
 * whatever the address, so the page never says whether an account exists.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  useDocumentTitle(params.get('email') && params.get('org') ? t('reset.firstTitle') : t('reset.title'));
  const navigate = useNavigate();
  const org = params.get('org');
  const linked = params.get('email');
  // The sign-in page hands over the address it had (`state.email`), without implying a code was sent.
  const handedOver = (useLocation().state ?? {}) as { email?: string };
  const firstPassword = Boolean(linked && org);
  const [email, setEmail] = useState(linked ?? handedOver.email ?? '');
  const [step, setStep] = useState<'request' | 'code'>(linked && !org ? 'code' : 'request');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<ProblemMessage>();
  const [resent, setResent] = useState(false);
  const [busy, setBusy] = useState(false);

  const request = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    const { data, error, response } = await api.POST('/api/auth/password-reset/request', { body: { email: email.trim() } });
    setBusy(false);
    if (data) setStep('code');
    else setProblem(problemMessage(error, response));
  };

  const resend = async () => {
    setBusy(true);
    setProblem(undefined);
    setResent(false);
    const { data, error, response } = await api.POST('/api/auth/password-reset/resend', { body: { email: email.trim() } });
    setBusy(false);
    if (data) setResent(true);
    else setProblem(problemMessage(error, response));
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    setResent(false);
    const address = email.trim();
    const { data, error, response } = await api.POST('/api/auth/password-reset/verify', { body: { email: address, code: code.trim(), newPassword: password } });
    if (!data) {
      setBusy(false);
      setProblem(problemMessage(error, response));
      return;
    }
    // The new password signs the person in at once (at `?org=` when the link named one).
    const outcome = await signInWithPassword(address, password, org);
    setBusy(false);
    const login = loginPath({ email: address, org, next: params.get('next') });
    if (outcome.kind === 'signed-in')
      void navigate(safeNext(params.get('next'), outcome.session.claims.userType === 'SYSTEM' ? '/admin' : '/'), { replace: true });
    else if (outcome.kind === 'mfa')
      void navigate(login, { replace: true, state: { challengeToken: outcome.challengeToken, email: address } satisfies LoginState });
    else void navigate(login, { replace: true, state: { notice: 'passwordReset', email: address } satisfies LoginState });
  };

  if (step === 'request') {
    return (
      <main id="main" className="narrow">
        <h1>{firstPassword ? t('reset.firstTitle') : t('reset.title')}</h1>
        <p>{firstPassword ? t('reset.firstIntro') : t('reset.intro')}</p>
        <ProblemNotice problem={problem} />
        <form className="stack" onSubmit={request}>
          <Field
            label={t('reset.email')}
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={problem?.fields['email']}
          />
          <button type="submit" disabled={busy}>
            {t('reset.sendCode')}
          </button>
        </form>
        <p>
          <Link to={loginPath({ email, org })}>{t('reset.backToSignIn')}</Link>
        </p>
      </main>
    );
  }

  return (
    <main id="main" className="narrow">
      <h1>{t('reset.codeTitle')}</h1>
      <p>{t('reset.codeSent', { email })}</p>
      {resent ? <SuccessNotice>{t('reset.resent')}</SuccessNotice> : null}
      <ProblemNotice problem={problem} />
      <form className="stack" onSubmit={verify}>
        <Field
          label={t('reset.code')}
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          required
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={problem?.fields['code']}
        />
        <Field
          label={t('reset.newPassword')}
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          hint={t('passwordRules')}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={problem?.fields['newPassword'] ?? problem?.fields['password']}
        />
        <button type="submit" disabled={busy}>
          {t('reset.submit')}
        </button>
      </form>
      <p className="row">
        <button type="button" className="link" onClick={() => void resend()} disabled={busy}>
          {t('reset.resend')}
        </button>
        <button
          type="button"
          className="link"
          onClick={() => {
            setStep('request');
            setProblem(undefined);
            setResent(false);
          }}
        >
          {t('reset.otherAddress')}
        </button>
      </p>
    </main>
  );
}
