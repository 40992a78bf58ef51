import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import account from './en/account.json';
import admin from './en/admin.json';
import adminContent from './en/admin-content.json';
import common from './en/common.json';
import member from './en/member.json';

/**
 * Every string of the app comes from these files, one per area (a second language is one more
 * folder beside `en/`). Components use `useTranslation('<area>')` and keys, never sentences.
 */
export const resources = { en: { common, account, member, admin, adminContent } } as const;

void i18next.use(initReactI18next).init({
  resources,
  lng: 'en',
  fallbackLng: 'en',
  defaultNS: 'common',
  ns: ['common', 'account', 'member', 'admin', 'adminContent'],
  interpolation: { escapeValue: false }, // React escapes
  returnNull: false,
});

export default i18next;
