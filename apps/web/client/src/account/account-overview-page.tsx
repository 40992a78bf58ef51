import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../api/platform';
import { Loading, ProblemNotice } from '../ui/notices';
import { useDocumentTitle } from '../ui/use-document-title';
import { useLoad } from './use-load';

/** The signed-in person's account (`GET /api/auth/me`) and the ways to look after it. */
export function AccountOverviewPage() {
  const { t } = useTranslation('account');
  useDocumentTitle(t('overview.title'));
  const [me, reload] = useLoad(() => api.GET('/api/auth/me'));
  const [mfa] = useLoad(() => api.GET('/api/auth/mfa'));

  return (
    <main id="main">
      <h1>{t('overview.title')}</h1>
      {me.kind === 'loading' ? <Loading /> : null}
      {me.kind === 'failed' ? (
        <>
          <ProblemNotice problem={me.problem} />
          <button type="button" className="secondary" onClick={reload}>
            {t('common:retry')}
          </button>
        </>
      ) : null}
      {me.kind === 'loaded' ? (
        <section className="card" aria-labelledby="account-details">
          <h2 id="account-details">{t('overview.details')}</h2>
          <dl className="facts">
            <dt>{t('overview.name')}</dt>
            <dd>{me.data.displayName || [me.data.firstName, me.data.lastName].filter(Boolean).join(' ') || '—'}</dd>
            <dt>{t('overview.email')}</dt>
            <dd>{me.data.email}</dd>
            <dt>{t('overview.emailVerified')}</dt>
            <dd>
              {me.data.emailVerified ? (
                t('overview.yes')
              ) : (
                <>
                  {t('overview.notYet')} (<Link to="/reset-password">{t('overview.confirmByReset')}</Link>)
                </>
              )}
            </dd>
          </dl>
        </section>
      ) : null}
      <section className="card" aria-labelledby="account-security">
        <h2 id="account-security">{t('overview.security')}</h2>
        <ul className="links">
          <li>
            <Link to="/account/two-factor">{t('layout.twoFactor')}</Link>{' '}
            <span className="muted">{mfa.kind === 'loaded' ? (mfa.data.enabled ? t('overview.mfaOn') : t('overview.mfaOff')) : null}</span>
          </li>
          <li>
            <Link to="/account/password">{t('layout.password')}</Link>
          </li>
          <li>
            <Link to="/account/sessions">{t('layout.sessions')}</Link>
          </li>
          <li>
            <Link to="/account/deactivate">{t('layout.deactivate')}</Link>
          </li>
        </ul>
      </section>
    </main>
  );
}
