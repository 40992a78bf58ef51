import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../api/platform';
import { problemMessage, type ProblemMessage } from '../api/problem-message';
import { Field } from '../ui/forms';
import { ProblemNotice, SuccessNotice } from '../ui/notices';
import { useDocumentTitle } from '../ui/use-document-title';

/**
 * Self-registration (`POST /api/auth/org/register`): names, email and password; the password
 * rules' answers beside the field; then "check your email" for the verification link.
 */
export function RegisterPage() {
  const { t } = useTranslation('account');
  useDocumentTitle(t('register.title'));
  const [form, setForm] = useState({ firstName: '', lastName: '', email: '', password: '' });
  const [problem, setProblem] = useState<ProblemMessage>();
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string>();
  const set = (name: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    const { data, error, response } = await api.POST('/api/auth/org/register', { body: form });
    setBusy(false);
    if (data) setSentTo(form.email.trim());
    else setProblem(problemMessage(error, response));
  };

  if (sentTo) {
    return (
      <main id="main" className="narrow">
        <h1>{t('register.checkTitle')}</h1>
        <SuccessNotice>{t('register.checkBody', { email: sentTo })}</SuccessNotice>
        <p>{t('register.checkHelp')}</p>
        <p>
          <Link to={`/login?email=${encodeURIComponent(sentTo)}`}>{t('register.toSignIn')}</Link>
        </p>
      </main>
    );
  }

  return (
    <main id="main" className="narrow">
      <h1>{t('register.title')}</h1>
      <p>{t('register.intro')}</p>
      <ProblemNotice problem={problem} />
      <form className="stack" onSubmit={submit}>
        <Field
          label={t('register.firstName')}
          name="firstName"
          autoComplete="given-name"
          required
          value={form.firstName}
          onChange={set('firstName')}
          error={problem?.fields['firstName']}
        />
        <Field
          label={t('register.lastName')}
          name="lastName"
          autoComplete="family-name"
          required
          value={form.lastName}
          onChange={set('lastName')}
          error={problem?.fields['lastName']}
        />
        <Field
          label={t('register.email')}
          name="email"
          type="email"
          autoComplete="email"
          required
          value={form.email}
          onChange={set('email')}
          error={problem?.fields['email']}
        />
        <Field
          label={t('register.password')}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          hint={t('passwordRules')}
          value={form.password}
          onChange={set('password')}
          error={problem?.fields['password']}
        />
        <button type="submit" disabled={busy}>
          {t('register.submit')}
        </button>
      </form>
      <p>
        {t('register.haveAccount')} <Link to="/login">{t('register.toSignIn')}</Link>
      </p>
    </main>
  );
}
