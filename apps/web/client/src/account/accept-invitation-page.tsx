import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../api/platform';
import { problemMessage, type ProblemMessage } from '../api/problem-message';
import { Field } from '../ui/forms';
import { ProblemNotice, SuccessNotice } from '../ui/notices';
import { useDocumentTitle } from '../ui/use-document-title';
import { loginPath, needsPassword, spentToken, type SpentToken } from './account-links';
import type { LoginState } from './login-page';
import { signInWithPassword } from './sign-in';

type State = { kind: 'ready' } | { kind: 'names' } | { kind: 'accepted'; email: string; role: string } | { kind: 'spent'; why: SpentToken };

/**
 * The invitation email's link (`/invitations/accept?org=<id>&token=`, decision 0169). No route
 * answers the token before it is used, so the page cannot name the organisation or the role until
 * the person accepts; an account made for the invitation then chooses its names and password (the
 * API answers 400 naming them) and is signed in at once. Expired, used and cancelled tokens (410)
 * are explained in plain words.
 */
export function AcceptInvitationPage() {
  const { t } = useTranslation('account');
  useDocumentTitle(t('accept.title'));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const organizationId = params.get('org') ?? '';
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>(organizationId && token ? { kind: 'ready' } : { kind: 'spent', why: 'unknown' });
  const [form, setForm] = useState({ firstName: '', lastName: '', password: '' });
  const [problem, setProblem] = useState<ProblemMessage>();
  const [busy, setBusy] = useState(false);
  const set = (name: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value });

  const accept = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    const body = state.kind === 'names' ? form : {};
    const { data, error, response } = await api.POST('/api/orgs/{organizationId}/invitations/{token}/accept', {
      params: { path: { organizationId, token } },
      body,
    });
    if (data) {
      const email = data.member?.email ?? '';
      const role = data.member?.roles?.[0] ?? '';
      if (data.accountActivated && state.kind === 'names') {
        // The password was just chosen here: sign in with it at this organisation.
        const outcome = await signInWithPassword(email, form.password, organizationId);
        setBusy(false);
        if (outcome.kind === 'signed-in') return void navigate('/', { replace: true });
        if (outcome.kind === 'mfa')
          return void navigate(loginPath({ org: organizationId }), {
            replace: true,
            state: { email, challengeToken: outcome.challengeToken } satisfies LoginState,
          });
      }
      setBusy(false);
      setState({ kind: 'accepted', email, role });
      return;
    }
    setBusy(false);
    const failed = problemMessage(error, response);
    const why = spentToken(failed.status, failed.code);
    if (why) return setState({ kind: 'spent', why });
    if (failed.status === 400 && state.kind === 'ready' && needsPassword(failed.fields)) return setState({ kind: 'names' });
    setProblem(failed);
  };

  if (state.kind === 'spent') {
    return (
      <main id="main" className="narrow">
        <h1>{t('accept.title')}</h1>
        <div className="notice error" role="alert">
          {t(`accept.spent.${state.why}`)}
        </div>
        <p>{state.why === 'used' ? t('accept.usedHelp') : t('accept.askAgain')}</p>
        <p>
          <Link to="/login">{t('accept.toSignIn')}</Link>
        </p>
      </main>
    );
  }

  if (state.kind === 'accepted') {
    return (
      <main id="main" className="narrow">
        <h1>{t('accept.acceptedTitle')}</h1>
        <SuccessNotice>
          {state.role ? t('accept.acceptedAs', { role: t(`roles.${state.role}`, { defaultValue: state.role }) }) : t('accept.accepted')}
        </SuccessNotice>
        <p>
          <Link className="button" to={loginPath({ email: state.email, org: organizationId })}>
            {t('accept.toSignIn')}
          </Link>
        </p>
      </main>
    );
  }

  return (
    <main id="main" className="narrow">
      <h1>{t('accept.title')}</h1>
      <p>{state.kind === 'names' ? t('accept.namesIntro') : t('accept.intro')}</p>
      <ProblemNotice problem={problem} />
      <form className="stack" onSubmit={accept}>
        {state.kind === 'names' ? (
          <>
            <Field
              label={t('accept.firstName')}
              name="firstName"
              autoComplete="given-name"
              required
              value={form.firstName}
              onChange={set('firstName')}
              error={problem?.fields['firstName']}
            />
            <Field
              label={t('accept.lastName')}
              name="lastName"
              autoComplete="family-name"
              required
              value={form.lastName}
              onChange={set('lastName')}
              error={problem?.fields['lastName']}
            />
            <Field
              label={t('accept.password')}
              name="password"
              type="password"
              autoComplete="new-password"
              required
              hint={t('passwordRules')}
              value={form.password}
              onChange={set('password')}
              error={problem?.fields['password']}
            />
          </>
        ) : null}
        <button type="submit" disabled={busy}>
          {state.kind === 'names' ? t('accept.finish') : t('accept.submit')}
        </button>
      </form>
    </main>
  );
}
