import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/platform';
import { problemMessage, type ProblemMessage } from '../api/problem-message';
import { Field } from '../ui/forms';
import { ProblemNotice, SuccessNotice } from '../ui/notices';
import { useDocumentTitle } from '../ui/use-document-title';

/** Changing the password (current one required); the account's other sessions end, this one stays. */
export function PasswordPage() {
  const { t } = useTranslation('account');
  useDocumentTitle(t('password.title'));
  const [form, setForm] = useState({ currentPassword: '', newPassword: '' });
  const [problem, setProblem] = useState<ProblemMessage>();
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const set = (name: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    setDone(false);
    const { data, error, response } = await api.POST('/api/auth/password/change', { body: form });
    setBusy(false);
    if (data) {
      setDone(true);
      setForm({ currentPassword: '', newPassword: '' });
    } else setProblem(problemMessage(error, response));
  };

  return (
    <main id="main" className="narrow">
      <h1>{t('password.title')}</h1>
      <p>{t('password.intro')}</p>
      {done ? <SuccessNotice>{t('password.changed')}</SuccessNotice> : null}
      <ProblemNotice problem={problem} />
      <form className="stack" onSubmit={submit}>
        <Field
          label={t('password.current')}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          value={form.currentPassword}
          onChange={set('currentPassword')}
          error={problem?.fields['currentPassword']}
        />
        <Field
          label={t('password.new')}
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          hint={t('passwordRules')}
          value={form.newPassword}
          onChange={set('newPassword')}
          error={problem?.fields['newPassword']}
        />
        <button type="submit" disabled={busy}>
          {t('password.submit')}
        </button>
      </form>
    </main>
  );
}
