import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Loading, ProblemNotice } from '../ui/notices';
import type { Loaded } from './use-load';

/** A page's loaded data, or its loading and error states (the problem in words, with a retry). */
export function Show<T>({ loaded, retry, children }: { loaded: Loaded<T>; retry?: () => void; children: (data: T) => ReactNode }) {
  const { t } = useTranslation();
  if (loaded.state === 'loading') return <Loading />;
  if (loaded.state === 'failed') {
    return (
      <div>
        <ProblemNotice problem={loaded.problem} />
        {retry ? (
          <button type="button" className="secondary" onClick={retry}>
            {t('retry')}
          </button>
        ) : null}
      </div>
    );
  }
  return <>{children(loaded.data)}</>;
}

/** The 0-based page of a paged list, from `?page=` (shown 1-based). */
export function usePageParam(): number {
  const [params] = useSearchParams();
  const page = Number(params.get('page') ?? '1');
  return Number.isInteger(page) && page > 1 ? page - 1 : 0;
}

/** Previous and next links of a paged list, keeping the other query parameters. */
export function Pager({ page, totalPages }: { page: number; totalPages: number | undefined }) {
  const { t } = useTranslation('member');
  const [params] = useSearchParams();
  if (!totalPages || totalPages <= 1) return null;
  const to = (p: number) => {
    const next = new URLSearchParams(params);
    if (p <= 0) next.delete('page');
    else next.set('page', String(p + 1));
    const query = next.toString();
    return query ? `?${query}` : '?';
  };
  return (
    <nav className="pager" aria-label={t('pager.label')}>
      {page > 0 ? <Link to={to(page - 1)}>{t('pager.previous')}</Link> : <span />}
      <span className="muted">{t('pager.position', { page: page + 1, total: totalPages })}</span>
      {page + 1 < totalPages ? <Link to={to(page + 1)}>{t('pager.next')}</Link> : <span />}
    </nav>
  );
}
