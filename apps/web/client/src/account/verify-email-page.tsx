import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../api/platform';
import { problemMessage, type ProblemMessage } from '../api/problem-message';
import { Loading, ProblemNotice, SuccessNotice } from '../ui/notices';
import { useDocumentTitle } from '../ui/use-document-title';
import { loginPath, verificationRefusal } from './account-links';

type State =
  | { kind: 'checking' }
  | { kind: 'verified'; email: string }
  | { kind: 'refused'; why: 'expired' | 'used' | 'invalid' }
  | { kind: 'failed'; problem: ProblemMessage };

/**
 * The verification email's link (`/verify-email?token=`): posts the token once and says what came
 * of it. There is no "send the link again" route: an expired link is replaced by a password reset,
 * which verifies the address too (identity's verify-email answer says so).
 */
export function VerifyEmailPage() {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>(token ? { kind: 'checking' } : { kind: 'refused', why: 'invalid' });
  const title = state.kind === 'verified' ? t('verify.verifiedTitle') : t('verify.title');
  useDocumentTitle(title);
  const posted = useRef<string>(undefined);

  useEffect(() => {
    // Once per token: a second post would find the token spent.
    if (!token || posted.current === token) return;
    posted.current = token;
    void api.POST('/api/auth/email/verify', { body: { token } }).then(({ data, error, response }) => {
      if (data) return setState({ kind: 'verified', email: data.email ?? '' });
      const problem = problemMessage(error, response);
      if (response.status === 400 && problem.fields['token'] !== undefined)
        return setState({ kind: 'refused', why: verificationRefusal(problem.fields['token']) });
      setState({ kind: 'failed', problem });
    });
  }, [token]);

  return (
    <main id="main" className="narrow">
      <h1>{title}</h1>
      {state.kind === 'checking' ? <Loading /> : null}
      {state.kind === 'verified' ? (
        <>
          <SuccessNotice>{state.email ? t('verify.verifiedAs', { email: state.email }) : t('verify.verified')}</SuccessNotice>
          <p>
            <Link className="button" to={loginPath({ email: state.email })}>
              {t('verify.toSignIn')}
            </Link>
          </p>
        </>
      ) : null}
      {state.kind === 'refused' ? (
        <>
          <div className="notice error" role="alert">
            {t(`verify.refused.${state.why}`)}
          </div>
          <p>{state.why === 'used' ? t('verify.usedHelp') : t('verify.newLinkHelp')}</p>
          <p className="row">
            {state.why === 'used' ? (
              <Link className="button" to="/login">
                {t('verify.toSignIn')}
              </Link>
            ) : (
              <Link className="button" to="/reset-password">
                {t('verify.toReset')}
              </Link>
            )}
          </p>
        </>
      ) : null}
      {state.kind === 'failed' ? (
        <>
          <ProblemNotice problem={state.problem} />
          <button type="button" className="secondary" onClick={() => window.location.reload()}>
            {t('common:retry')}
          </button>
        </>
      ) : null}
    </main>
  );
}
