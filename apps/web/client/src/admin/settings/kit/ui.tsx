import type { ReactNode } from 'react';
import { Alert, Box, CircularProgress, LinearProgress, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { problemOf } from './call';

/** A failed call in plain words with the request id to quote; announced (role="alert"). */
export function ProblemAlert({ error }: { error: unknown }) {
  const { t } = useTranslation('common');
  const problem = problemOf(error);
  if (!problem) return null;
  return (
    <Alert severity="error" role="alert" sx={{ my: 1, overflowWrap: 'anywhere' }}>
      {problem.message}
      {problem.requestId ? (
        <Typography component="span" variant="body2" sx={{ display: 'block' }}>
          {t('requestId', { id: problem.requestId })}
        </Typography>
      ) : null}
    </Alert>
  );
}

/** The loading state of a screen or a panel. */
export function LoadingState() {
  const { t } = useTranslation('common');
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 2 }}>
      <CircularProgress size={20} aria-hidden />
      <span>{t('loading')}</span>
    </Box>
  );
}

/** The empty state: a sentence saying there is nothing yet (and what to do). */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <Typography sx={{ py: 2, color: 'text.secondary' }} className="empty">
      {children}
    </Typography>
  );
}

/**
 * Keeps a page within the window: its content's widest part (a table, a row of tabs) scrolls
 * inside instead of widening the console's content area (inline-size containment), so 360 px
 * never scrolls sideways.
 */
export const CONTAIN_SX = { containerType: 'inline-size', minWidth: 0, width: '100%' } as const;
const FIT_SX = { ...CONTAIN_SX, p: { xs: 1, sm: 2 }, maxWidth: 1100 } as const;

/** A page of the console outside a resource: its heading, then its content; fits 360 px. */
export function Screen({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <Box component="section" sx={FIT_SX}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <Typography component="h1" variant="h5" sx={{ mr: 'auto', overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        {actions}
      </Stack>
      {children}
    </Box>
  );
}

/** A titled block inside a screen. */
export function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mb: 3, minWidth: 0 }}>
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** A determinate progress bar with its percentage written out and named for screen readers. */
export function ProgressBar({ label, percent }: { label: string; percent: number }) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <Box sx={{ my: 1 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="body2">{label}</Typography>
        <Typography variant="body2" data-testid="progress-value">
          {value} %
        </Typography>
      </Stack>
      <LinearProgress variant="determinate" value={value} aria-label={label} aria-valuetext={`${value} %`} />
    </Box>
  );
}

/** A wide table's box: it scrolls sideways by itself, reachable and scrollable by keyboard (a named region). */
export function ScrollArea({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box tabIndex={0} role="region" aria-label={label} sx={{ overflowX: 'auto', '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main' } }}>
      {children}
    </Box>
  );
}
