import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuItemLink, usePermissions } from 'react-admin';
import { can, type Permissions } from './permissions';

/**
 * A menu entry for a page outside a resource (an area's custom route), shown only when the role
 * holds the authority: what a role may not do is not offered.
 */
export function AuthorityMenuLink({
  to,
  label,
  authority,
  icon,
  namespace = 'admin',
}: {
  to: string;
  label: string;
  authority?: string;
  icon?: ReactElement;
  namespace?: string;
}) {
  const { t } = useTranslation(namespace);
  const { permissions, isPending } = usePermissions<Permissions>();
  if (isPending || !can(permissions, authority)) return null;
  return <MenuItemLink to={to} primaryText={t(label)} leftIcon={icon} />;
}
