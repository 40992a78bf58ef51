import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/platform';
import { problemMessage, type ProblemMessage } from '../api/problem-message';
import { Field } from '../ui/forms';
import { Loading, ProblemNotice, SuccessNotice } from '../ui/notices';
import { useDocumentTitle } from '../ui/use-document-title';
import { backupCodesText, groupedSecret } from './account-links';
import { useLoad } from './use-load';

type Step = { kind: 'status' } | { kind: 'enrolling'; secret: string; uri: string } | { kind: 'codes'; codes: string[] };

/**
 * Two-factor authentication (decision 0061): turn it on (the secret and its otpauth:// address as
 * text to copy into an authenticator app, then a first code), the ten backup codes shown only
 * once, new backup codes, and turning it off; each change needs a current code.
 */
export function TwoFactorPage() {
  const { t } = useTranslation('account');
  useDocumentTitle(t('mfa.title'));
  const [status, reload, setStatus] = useLoad(() => api.GET('/api/auth/mfa'));
  const [step, setStep] = useState<Step>({ kind: 'status' });
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<ProblemMessage>();
  const [notice, setNotice] = useState<string>();
  const [busy, setBusy] = useState(false);

  const run = async <T,>(call: () => Promise<{ data?: T; error?: unknown; response: Response }>, done: (data: T) => void) => {
    setBusy(true);
    setProblem(undefined);
    setNotice(undefined);
    const { data, error, response } = await call();
    setBusy(false);
    if (data === undefined) return setProblem(problemMessage(error, response));
    setCode('');
    done(data);
  };

  const start = () =>
    run(
      () => api.POST('/api/auth/mfa/enrol/start', { body: {} }),
      (d) => setStep({ kind: 'enrolling', secret: d.secret ?? '', uri: d.otpauthUri ?? '' }),
    );
  const confirm = (e: FormEvent) => {
    e.preventDefault();
    void run(
      () => api.POST('/api/auth/mfa/enrol/confirm', { body: { code: code.trim() } }),
      (d) => {
        setStep({ kind: 'codes', codes: d.backupCodes ?? [] });
        reload();
      },
    );
  };
  const regenerate = (e: FormEvent) => {
    e.preventDefault();
    void run(
      () => api.POST('/api/auth/mfa/backup-codes/regenerate', { body: { code: code.trim() } }),
      (d) => {
        setStep({ kind: 'codes', codes: d.backupCodes ?? [] });
        reload();
      },
    );
  };
  const disable = (e: { preventDefault(): void }) => {
    e.preventDefault();
    void run(
      () => api.POST('/api/auth/mfa/disable', { body: { code: code.trim() } }),
      (d) => {
        setStatus(d);
        setNotice(t('mfa.disabled'));
      },
    );
  };

  const codeField = (
    <Field
      label={t('mfa.code')}
      name="code"
      autoComplete="one-time-code"
      inputMode="numeric"
      required
      value={code}
      onChange={(e) => setCode(e.target.value)}
      error={problem?.fields['code']}
    />
  );

  if (step.kind === 'codes') {
    return (
      <main id="main" className="narrow">
        <h1>{t('mfa.codesTitle')}</h1>
        <SuccessNotice>{t('mfa.codesOnce')}</SuccessNotice>
        <ul className="backup-codes" aria-label={t('mfa.codesTitle')}>
          {step.codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <label htmlFor="backup-codes-text">{t('mfa.codesCopy')}</label>
        <textarea id="backup-codes-text" className="copy-area" readOnly rows={5} value={backupCodesText(step.codes)} onFocus={(e) => e.target.select()} />
        <p>
          <button type="button" onClick={() => setStep({ kind: 'status' })}>
            {t('mfa.codesSaved')}
          </button>
        </p>
      </main>
    );
  }

  if (step.kind === 'enrolling') {
    return (
      <main id="main" className="narrow">
        <h1>{t('mfa.enrolTitle')}</h1>
        <ol className="stack">
          <li>
            <p>{t('mfa.enrolSecret')}</p>
            <code className="secret" data-testid="mfa-secret">
              {groupedSecret(step.secret)}
            </code>
          </li>
          <li>
            <label htmlFor="otpauth-uri">{t('mfa.enrolUri')}</label>
            <textarea id="otpauth-uri" className="copy-area" readOnly rows={3} value={step.uri} onFocus={(e) => e.target.select()} />
          </li>
          <li>{t('mfa.enrolCode')}</li>
        </ol>
        <ProblemNotice problem={problem} />
        <form className="stack" onSubmit={confirm}>
          {codeField}
          <div className="row">
            <button type="submit" disabled={busy}>
              {t('mfa.confirm')}
            </button>
            <button type="button" className="secondary" onClick={() => setStep({ kind: 'status' })}>
              {t('common:cancel')}
            </button>
          </div>
        </form>
      </main>
    );
  }

  return (
    <main id="main" className="narrow">
      <h1>{t('mfa.title')}</h1>
      {notice ? <SuccessNotice>{notice}</SuccessNotice> : null}
      {status.kind === 'loading' ? <Loading /> : null}
      {status.kind === 'failed' ? (
        <>
          <ProblemNotice problem={status.problem} />
          <button type="button" className="secondary" onClick={reload}>
            {t('common:retry')}
          </button>
        </>
      ) : null}
      {status.kind === 'loaded' && !status.data.enabled ? (
        <>
          <p>{t('mfa.offBody')}</p>
          <ProblemNotice problem={problem} />
          <button type="button" onClick={() => void start()} disabled={busy}>
            {t('mfa.turnOn')}
          </button>
        </>
      ) : null}
      {status.kind === 'loaded' && status.data.enabled ? (
        <>
          <p>{t('mfa.onBody', { count: status.data.backupCodesRemaining ?? 0 })}</p>
          <ProblemNotice problem={problem} />
          <section className="card" aria-labelledby="mfa-manage">
            <h2 id="mfa-manage">{t('mfa.manage')}</h2>
            <p>{t('mfa.manageHelp')}</p>
            <form className="stack" onSubmit={regenerate}>
              {codeField}
              <div className="row">
                <button type="submit" disabled={busy}>
                  {t('mfa.regenerate')}
                </button>
                <button type="button" className="danger" disabled={busy} onClick={(e) => disable(e)}>
                  {t('mfa.turnOff')}
                </button>
              </div>
            </form>
          </section>
        </>
      ) : null}
    </main>
  );
}
