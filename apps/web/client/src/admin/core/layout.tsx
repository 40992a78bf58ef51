import { Fragment, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AppBar, Layout, Logout, Menu, TitlePortal, UserMenu, useGetIdentity, useResourceDefinitions, useUserMenu, type LayoutProps } from 'react-admin';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, ListItemIcon, ListItemText, MenuItem, TextField, Typography } from '@mui/material';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { useSession } from '../../session/use-session';
import type { AdminArea } from './admin-area';
import { endSession, switchOrganisationUrl } from './organisation';
import { useCurrentOrganisation } from './use-current-organisation';

/** The menu: the dashboard, then each area's resources (hidden when the role may not list them) and its own entries. */
function AdminMenu({ areas }: { areas: AdminArea[] }) {
  const resources = useResourceDefinitions();
  return (
    <Menu>
      <Menu.DashboardItem />
      {areas.map((area) => (
        <AreaMenu key={area.name} area={area} registered={resources} />
      ))}
    </Menu>
  );
}

function AreaMenu({ area, registered }: { area: AdminArea; registered: Record<string, { hasList?: boolean }> }) {
  const names = area.elements
    .map((element) => (element.props as { name?: string }).name)
    .filter((name): name is string => !!name && !!registered[name]?.hasList);
  return (
    <>
      {names.map((name) => (area.menuItems?.[name] ? <Fragment key={name}>{area.menuItems[name]}</Fragment> : <Menu.ResourceItem key={name} name={name} />))}
      {area.menu?.map((entry, index) => (
        <Fragment key={`${area.name}-menu-${index}`}>{entry}</Fragment>
      ))}
    </>
  );
}

/** "Switch organisation": a token is for one organisation (decision 0184), so the person signs in again naming the other. */
function SwitchOrganisation() {
  const { t } = useTranslation('admin');
  const userMenu = useUserMenu();
  const session = useSession();
  const [open, setOpen] = useState(false);
  const [slug, setSlug] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!slug.trim()) return;
    const email = session?.claims.email;
    await endSession();
    window.location.assign(switchOrganisationUrl(slug, email));
  };
  return (
    <>
      <MenuItem onClick={() => setOpen(true)}>
        <ListItemIcon>
          <SwapHorizIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('layout.switchOrganisation')}</ListItemText>
      </MenuItem>
      <Dialog
        open={open}
        onClose={() => {
          setOpen(false);
          userMenu?.onClose();
        }}
        aria-labelledby="switch-organisation-title"
      >
        <form onSubmit={submit}>
          <DialogTitle id="switch-organisation-title">{t('layout.switchOrganisation')}</DialogTitle>
          <DialogContent>
            <Typography variant="body2" sx={{ mb: 2 }}>
              {t('layout.switchOrganisationHelp')}
            </Typography>
            <TextField
              autoFocus
              fullWidth
              required
              name="organisation"
              label={t('layout.organisationAddress')}
              value={slug}
              onChange={(e) => setSlug(e.target.value)}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>{t('layout.cancel')}</Button>
            <Button type="submit" variant="contained">
              {t('layout.signInThere')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}

function AdminUserMenu() {
  const session = useSession();
  const { identity } = useGetIdentity();
  // The button shows the person's name: its accessible name says the same (axe: label-content-name-mismatch).
  return (
    <UserMenu label={identity?.fullName ?? 'ra.auth.user_menu'}>
      {session?.claims.userType === 'ORGANIZATION' ? <SwitchOrganisation /> : null}
      <Logout />
    </UserMenu>
  );
}

/** The bar: the page's title, the organisation (or "Platform") and the person's menu. */
function AdminAppBar() {
  const { t } = useTranslation('admin');
  const organisation = useCurrentOrganisation();
  const session = useSession();
  const where = session?.claims.userType === 'SYSTEM' ? t('layout.platform') : organisation?.name;
  return (
    <AppBar userMenu={<AdminUserMenu />} toolbar={<></>}>
      <TitlePortal />
      {where ? (
        <Typography
          variant="body2"
          component="span"
          sx={{ display: { xs: 'none', sm: 'block' }, mr: 1, whiteSpace: 'nowrap' }}
          data-testid="current-organisation"
        >
          {where}
        </Typography>
      ) : null}
    </AppBar>
  );
}

/** react-admin's responsive layout (a drawer on a phone) with the console's menu and bar. */
export function adminLayout(areas: AdminArea[]) {
  const AreasMenu = () => <AdminMenu areas={areas} />;
  return function AdminLayout({ children }: LayoutProps) {
    return (
      <Layout
        menu={AreasMenu}
        appBar={AdminAppBar}
        // The app's own stylesheet centres every <main> at 960 px (ui/styles.css); the console uses the whole window.
        sx={{ '& .RaLayout-contentWithSidebar': { maxWidth: 'none', margin: 0, padding: 0 } }}
      >
        {children}
      </Layout>
    );
  };
}
