import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../api/platform';
import { problemMessage, type ProblemMessage } from '../api/problem-message';
import { Field } from '../ui/forms';
import { Loading, ProblemNotice } from '../ui/notices';
import { useDocumentTitle } from '../ui/use-document-title';
import { loginPath, spentToken, type SpentToken } from './account-links';
import type { LoginState } from './login-page';
import { signInWithPassword } from './sign-in';
import './account.css';

type State = { kind: 'checking' } | { kind: 'valid'; email: string } | { kind: 'spent'; why: SpentToken } | { kind: 'failed'; problem: ProblemMessage };

/**
 * The creation invitation's link (`/create-organisation?token=`, decision 0171): the token is
 * checked first, then the person names the organisation and chooses the owner account's names and
 * password; the organisation is created and they are signed in as its owner.
 */
export function CreateOrganisationPage() {
  const { t } = useTranslation('account');
  useDocumentTitle(t('create.title'));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>(token ? { kind: 'checking' } : { kind: 'spent', why: 'unknown' });
  const [form, setForm] = useState({ orgName: '', orgSlug: '', adminFirstName: '', adminLastName: '', adminPassword: '' });
  const [problem, setProblem] = useState<ProblemMessage>();
  const [busy, setBusy] = useState(false);
  const set = (name: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value }));

  useEffect(() => {
    if (!token) return;
    let live = true;
    void api.GET('/api/orgs/creation-invitations/validate/{token}', { params: { path: { token } } }).then(({ data, error, response }) => {
      if (!live) return;
      if (data?.valid) {
        setForm((f) => ({ ...f, orgName: f.orgName || (data.orgName ?? '') }));
        return setState({ kind: 'valid', email: data.email ?? '' });
      }
      const failed = problemMessage(error, response);
      const why = spentToken(failed.status, failed.code) ?? (data ? 'expired' : undefined);
      setState(why ? { kind: 'spent', why } : { kind: 'failed', problem: failed });
    });
    return () => {
      live = false;
    };
  }, [token]);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    if (state.kind !== 'valid') return;
    setBusy(true);
    setProblem(undefined);
    const { orgSlug, ...rest } = form;
    const { data, error, response } = await api.POST('/api/orgs/create-with-invitation', {
      body: { token, adminEmail: state.email, ...rest, ...(orgSlug.trim() ? { orgSlug: orgSlug.trim() } : {}) },
    });
    if (!data) {
      setBusy(false);
      const failed = problemMessage(error, response);
      const why = spentToken(failed.status, failed.code);
      if (why && failed.status === 410) return setState({ kind: 'spent', why });
      return setProblem(failed);
    }
    const organizationId = data.organization?.id ?? '';
    const outcome = await signInWithPassword(state.email, form.adminPassword, organizationId);
    setBusy(false);
    if (outcome.kind === 'signed-in') return void navigate('/admin', { replace: true });
    const state2: LoginState = outcome.kind === 'mfa' ? { email: state.email, challengeToken: outcome.challengeToken } : { email: state.email };
    void navigate(loginPath({ org: organizationId, next: '/admin' }), { replace: true, state: state2 });
  };

  return (
    <main id="main" className="narrow">
      <h1>{t('create.title')}</h1>
      {state.kind === 'checking' ? <Loading /> : null}
      {state.kind === 'failed' ? (
        <>
          <ProblemNotice problem={state.problem} />
          <button type="button" className="secondary" onClick={() => window.location.reload()}>
            {t('common:retry')}
          </button>
        </>
      ) : null}
      {state.kind === 'spent' ? (
        <>
          <div className="notice error" role="alert">
            {t(`create.spent.${state.why}`)}
          </div>
          <p>{state.why === 'used' ? t('create.usedHelp') : t('create.askAgain')}</p>
          <p>
            <Link to="/login">{t('create.toSignIn')}</Link>
          </p>
        </>
      ) : null}
      {state.kind === 'valid' ? (
        <>
          <p>{t('create.intro', { email: state.email })}</p>
          <ProblemNotice problem={problem} />
          <form className="stack account-form" onSubmit={create}>
            <h2>{t('create.organisation')}</h2>
            <Field label={t('create.orgName')} name="orgName" required value={form.orgName} onChange={set('orgName')} error={problem?.fields['orgName']} />
            <Field
              label={t('create.orgSlug')}
              name="orgSlug"
              hint={t('create.orgSlugHint')}
              autoCapitalize="none"
              value={form.orgSlug}
              onChange={set('orgSlug')}
              error={problem?.fields['orgSlug']}
            />
            <h2>{t('create.owner')}</h2>
            <p className="muted">{t('create.ownerEmail', { email: state.email })}</p>
            <Field
              label={t('create.firstName')}
              name="adminFirstName"
              autoComplete="given-name"
              required
              value={form.adminFirstName}
              onChange={set('adminFirstName')}
              error={problem?.fields['adminFirstName']}
            />
            <Field
              label={t('create.lastName')}
              name="adminLastName"
              autoComplete="family-name"
              required
              value={form.adminLastName}
              onChange={set('adminLastName')}
              error={problem?.fields['adminLastName']}
            />
            <Field
              label={t('create.password')}
              name="adminPassword"
              type="password"
              autoComplete="new-password"
              required
              hint={t('passwordRules')}
              value={form.adminPassword}
              onChange={set('adminPassword')}
              error={problem?.fields['adminPassword'] ?? problem?.fields['password']}
            />
            <button type="submit" disabled={busy}>
              {t('create.submit')}
            </button>
          </form>
        </>
      ) : null}
    </main>
  );
}
