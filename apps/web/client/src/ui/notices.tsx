import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProblemMessage } from '../api/problem-message';

/** A failed call in plain words, with the reference to quote to support. Announced to screen readers. */
export function ProblemNotice({ problem }: { problem: ProblemMessage | undefined }) {
  const { t } = useTranslation();
  if (!problem) return null;
  return (
    <div className="notice error" role="alert">
      {problem.message}
      {problem.requestId ? <span className="reference">{t('requestId', { id: problem.requestId })}</span> : null}
    </div>
  );
}

export function SuccessNotice({ children }: { children: ReactNode }) {
  return (
    <div className="notice success" role="status">
      {children}
    </div>
  );
}

export function Loading() {
  const { t } = useTranslation();
  return (
    <p className="loading" role="status" aria-live="polite">
      {t('loading')}
    </p>
  );
}

export function Empty({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return <p className="empty">{children ?? t('empty')}</p>;
}
