import { useEffect } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/use-session';
import { signInFirst } from './account-links';
import { clearLeaving, isLeaving, markLeaving } from './leaving';
import type { LoginState } from './login-page';
import { signOut } from './sign-in';
import './account.css';

/**
 * The signed-in person's own account (`/account/*`): its sections and the sign-out button. A
 * signed-out visitor (or one whose session ended meanwhile) is sent to sign in and brought back.
 */
export function AccountLayout() {
  const { t } = useTranslation('account');
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  // A session ended by the person's own choice goes where they chose; any other ending (expired,
  // revoked elsewhere) goes to sign in and back here.
  useEffect(() => clearLeaving(), []);
  if (!session) return isLeaving() ? null : <Navigate to={signInFirst(location.pathname, location.search)} replace />;

  const leave = async () => {
    markLeaving();
    await navigate('/login', { replace: true, state: { notice: 'signedOut' } satisfies LoginState });
    await signOut();
  };

  return (
    <div className="account-area">
      <a className="skip-link" href="#main">
        {t('common:skipToContent')}
      </a>
      <header className="account-header">
        <div className="account-bar">
          <Link to="/" className="account-home">
            {t('layout.home')}
          </Link>
          <span className="account-who">{t('layout.signedInAs', { email: session.claims.email ?? session.claims.username ?? '' })}</span>
          <button type="button" className="secondary" onClick={() => void leave()}>
            {t('common:signOut')}
          </button>
        </div>
        <nav className="account-nav" aria-label={t('layout.nav')}>
          <NavLink to="/account" end>
            {t('layout.overview')}
          </NavLink>
          <NavLink to="/account/two-factor">{t('layout.twoFactor')}</NavLink>
          <NavLink to="/account/password">{t('layout.password')}</NavLink>
          <NavLink to="/account/sessions">{t('layout.sessions')}</NavLink>
          <NavLink to="/account/deactivate">{t('layout.deactivate')}</NavLink>
        </nav>
      </header>
      <Outlet />
    </div>
  );
}
