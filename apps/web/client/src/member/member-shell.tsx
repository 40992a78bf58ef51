import { useEffect, useMemo, useState } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api, sessionStore } from '../api/platform';
import { useSession } from '../session/use-session';
import { canAdminister, pagesFor } from './access';
import { brandStyle, displayableLogo } from './branding';
import { MemberContext, type MemberContextValue } from './member-context';
import { registerServiceWorker } from './service-worker';
import { useLoad } from './use-load';
import './member.css';

/**
 * The member app's frame: the organisation's name, logo and colours, the navigation (a menu
 * button on a phone), the inbox's unread count, sign-out, and the console link for staff. Signed-out
 * visitors are sent to sign in and come back here.
 */
export function MemberShell() {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  // Platform administrators have no organisation here: their start page is the console.
  if (session.claims.userType === 'SYSTEM' || !session.claims.organizationId) return <Navigate to="/admin" replace />;
  return (
    <SignedInShell
      key={`${session.claims.sub}/${session.claims.organizationId}`}
      organizationId={session.claims.organizationId}
      userId={session.claims.sub}
      role={session.claims.organizationRole}
    />
  );
}

function SignedInShell({ organizationId, userId, role }: { organizationId: string; userId: string; role: string | undefined }) {
  const { t } = useTranslation('member');
  const { t: common } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const [organisation] = useLoad(organizationId, () => api.GET('/api/orgs/{id}', { params: { path: { id: organizationId } } }));
  const [branding] = useLoad(organizationId, () => api.GET('/api/orgs/{orgId}/branding', { params: { path: { orgId: organizationId } } }));
  // Counted again on every page change, and when the inbox asks.
  const [unreadPage, refreshUnread] = useLoad(
    `${organizationId}${location.pathname}`,
    () => api.GET('/api/notifications', { params: { query: { read: false, size: 1 } } }),
    { keepWhileLoading: true },
  );
  const unread = unreadPage.state === 'ready' ? (unreadPage.data.totalElements ?? 0) : undefined;

  useEffect(() => registerServiceWorker(), []);

  const org = organisation.state === 'ready' ? organisation.data : undefined;
  const brand = branding.state === 'ready' ? branding.data : undefined;
  const logo = displayableLogo(brand?.logoUrl, window.location.origin);
  const context = useMemo<MemberContextValue>(
    () => ({ organizationId, userId, role, organisation: org, unread, refreshUnread }),
    [organizationId, userId, role, org, unread, refreshUnread],
  );

  const signOut = async () => {
    await api.POST('/api/auth/tokens/revoke', { body: {} }).catch(() => undefined);
    sessionStore.signOut();
    void navigate('/login', { replace: true });
  };

  const unreadBadge =
    unread !== undefined && unread > 0 ? (
      <>
        <span className="count-badge" aria-hidden="true">
          {unread}
        </span>
        <span className="sr-only">{t('shell.unread', { count: unread })}</span>
      </>
    ) : null;

  return (
    <MemberContext.Provider value={context}>
      <div className="member-app" style={brandStyle(brand)}>
        <a className="skip-link" href="#main">
          {common('skipToContent')}
        </a>
        <header className="shell-header member-header">
          <div className="bar">
            <Link to="/" className="brand">
              {logo ? <img src={logo} alt="" width={28} height={28} /> : null}
              <span>{org?.name ?? t('shell.fallbackName')}</span>
            </Link>
            <button type="button" className="menu-button" aria-expanded={menuOpen} aria-controls="member-nav" onClick={() => setMenuOpen((open) => !open)}>
              {t('shell.menu')}
              {unreadBadge}
            </button>
          </div>
          <nav id="member-nav" className={menuOpen ? 'member-nav open' : 'member-nav'} aria-label={t('shell.navigation')}>
            <ul>
              {pagesFor(role).map(({ page, path }) => (
                <li key={page}>
                  <NavLink to={path} end={path === '/'} onClick={() => setMenuOpen(false)}>
                    {t(`nav.${page}`)}
                    {page === 'inbox' ? unreadBadge : null}
                  </NavLink>
                </li>
              ))}
              {canAdminister(role) ? (
                <li className="push">
                  <Link to="/admin">{t('nav.admin')}</Link>
                </li>
              ) : null}
              <li className={canAdminister(role) ? undefined : 'push'}>
                <button type="button" className="link sign-out" onClick={signOut}>
                  {common('signOut')}
                </button>
              </li>
            </ul>
          </nav>
        </header>
        <main id="main" tabIndex={-1}>
          <Outlet />
        </main>
        {org?.slug ? (
          <footer className="member-footer">
            <Link to={`/o/${org.slug}`}>{t('shell.publicPage')}</Link>
          </footer>
        ) : null}
      </div>
    </MemberContext.Provider>
  );
}
