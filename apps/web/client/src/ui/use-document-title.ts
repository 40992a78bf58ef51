import { useEffect } from 'react';
import i18next from '../i18n/i18n';

/** Sets the tab's title to the page's own (screen readers announce it on navigation). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · ${i18next.t('appName')}`;
  }, [title]);
}
