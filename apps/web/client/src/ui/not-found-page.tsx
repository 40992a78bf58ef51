import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from './use-document-title';

export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  return (
    <main id="main" className="narrow">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.body')}</p>
      <Link to="/">{t('notFound.home')}</Link>
    </main>
  );
}
