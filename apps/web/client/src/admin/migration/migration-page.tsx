import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  MenuItem,
  Stack,
  Step,
  StepLabel,
  Stepper,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CancelIcon from '@mui/icons-material/Cancel';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/platform';
import { unwrapCall } from '../settings/kit/call';
import { formatDateTime } from '../settings/kit/format';
import { currentOrganisationId } from '../settings/kit/org';
import { EmptyState, LoadingState, Panel, ProblemAlert, ProgressBar, Screen, ScrollArea } from '../settings/kit/ui';
import {
  ENTITY_TYPES,
  LOG_ACTIONS,
  WIZARD_STEPS,
  checksShown,
  connectorConfig,
  entityPercent,
  initialValues,
  jobFinished,
  jobPercent,
  nextStep,
  validateStep,
  type ConnectionCheck,
  type Connector,
  type SyncJob,
  type WizardStep,
  type WizardValues,
} from './wizard';

const org = () => ({ organizationId: currentOrganisationId() });
const POLL_MS = 1000;

/** The five checks, revealed one by one as a person would watch them run. */
function Checks({ checks, pluginVersion }: { checks: ConnectionCheck[]; pluginVersion?: string }) {
  const { t } = useTranslation('adminContent');
  const [shownAt] = useState(() => Date.now());
  const [now, setNow] = useState(() => Date.now());
  const shown = checksShown(checks.length, now - shownAt);
  useEffect(() => {
    if (shown >= checks.length) return undefined;
    const timer = window.setTimeout(() => setNow(Date.now()), 400);
    return () => window.clearTimeout(timer);
  }, [now, shown, checks.length]);
  return (
    <Box role="status" aria-live="polite">
      <List dense aria-label={t('migration.checks.title')}>
        {checks.slice(0, shown).map((check) => (
          <ListItem key={check.name} data-testid="connection-check">
            <ListItemIcon sx={{ minWidth: 32 }}>
              {check.passed ? (
                <CheckCircleIcon color="success" titleAccess={t('migration.checks.passed')} />
              ) : (
                <CancelIcon color="error" titleAccess={t('migration.checks.failed')} />
              )}
            </ListItemIcon>
            <ListItemText
              primary={t(`migration.checks.names.${check.name}`, { defaultValue: check.name })}
              secondary={check.message}
              sx={{ overflowWrap: 'anywhere' }}
            />
          </ListItem>
        ))}
      </List>
      {shown >= checks.length && pluginVersion ? <Typography variant="body2">{t('migration.checks.plugin', { version: pluginVersion })}</Typography> : null}
    </Box>
  );
}

/** A job's progress per entity type, polled every second until it ends. */
function JobProgress({ connectorId, jobId, types, onFinished }: { connectorId: string; jobId: string; types: string[]; onFinished?: (job: SyncJob) => void }) {
  const { t } = useTranslation('adminContent');
  const job = useQuery({
    queryKey: ['content-admin', 'sync-job', jobId],
    queryFn: () =>
      unwrapCall(api.GET('/api/orgs/{organizationId}/connectors/{connectorId}/sync-jobs/{jobId}', { params: { path: { ...org(), connectorId, jobId } } })),
    refetchInterval: (query) => (jobFinished(query.state.data) ? false : POLL_MS),
  });
  const data = job.data;
  useEffect(() => {
    if (data && jobFinished(data)) onFinished?.(data);
    // Told once per finished job.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data?.status]);
  if (job.isPending) return <LoadingState />;
  if (!data) return <ProblemAlert error={job.error} />;
  return (
    <Box data-testid="sync-progress">
      <Typography variant="body2" sx={{ mb: 1 }} role="status" aria-live="polite" data-testid="sync-status">
        {t(`migration.jobStatus.${data.status}`, { defaultValue: data.status })} · {t(`migration.jobType.${data.jobType}`, { defaultValue: data.jobType })}
        {data.startedAt ? ` · ${t('migration.startedAt', { at: formatDateTime(data.startedAt) })}` : ''}
      </Typography>
      <ProgressBar label={t('migration.overall')} percent={jobPercent(data, types)} />
      {types.map((type) => {
        const p = data.progress?.find((e) => e.entityType === type);
        return (
          <Box key={type} sx={{ pl: 1 }}>
            <ProgressBar label={t(`migration.entities.${type}`)} percent={entityPercent(p)} />
            {p ? (
              <Typography variant="caption" color="text.secondary">
                {t('migration.counts', {
                  fetched: p.fetched ?? 0,
                  created: p.created ?? 0,
                  updated: p.updated ?? 0,
                  skipped: p.skipped ?? 0,
                  conflicts: p.conflicts ?? 0,
                  failed: p.failed ?? 0,
                })}
              </Typography>
            ) : null}
          </Box>
        );
      })}
      {data.status === 'FAILED' ? <Alert severity="error">{data.errorMessage || t('migration.failed')}</Alert> : null}
      {data.status === 'COMPLETED' ? <Alert severity="success">{t('migration.completed', { at: formatDateTime(data.finishedAt) })}</Alert> : null}
    </Box>
  );
}

/** The wizard: the site and its key, what to import, the five checks, the first sync with its progress. */
function Wizard({
  connector,
  typeId,
  entityTypes,
  onStarted,
  onDone,
}: {
  connector?: Connector;
  typeId: string;
  entityTypes: string[];
  /** The connector is about to be saved: the page keeps the wizard open although a connector now exists. */
  onStarted: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('adminContent');
  const queryClient = useQueryClient();
  const [step, setStep] = useState<WizardStep>('site');
  const [values, setValues] = useState<WizardValues>(() => initialValues(connector, undefined, entityTypes));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<Connector | undefined>(connector);
  const [test, setTest] = useState<{ success?: boolean; checks?: ConnectionCheck[]; pluginVersion?: string }>();
  const [jobId, setJobId] = useState<string>();
  const keySaved = Boolean(saved?.config?.syncKeySet);
  const set = (patch: Partial<WizardValues>) => setValues((v) => ({ ...v, ...patch }));
  const fieldError = (name: string) => (errors[name] ? t(`migration.errors.${errors[name]}`) : undefined);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await work();
    } catch (failed) {
      setError(failed);
    } finally {
      setBusy(false);
    }
  };

  /** Saves the connector (create, or update of the one being edited) and runs the five checks. */
  const saveAndTest = () =>
    run(async () => {
      onStarted();
      const config = connectorConfig(values);
      const body = { name: values.name.trim(), config };
      const stored = saved?.id
        ? await unwrapCall(api.PUT('/api/orgs/{organizationId}/connectors/{connectorId}', { params: { path: { ...org(), connectorId: saved.id } }, body }))
        : await unwrapCall(api.POST('/api/orgs/{organizationId}/connectors', { params: { path: org() }, body: { ...body, connectorTypeId: typeId } }));
      setSaved(stored);
      set({ syncKey: '' });
      await queryClient.invalidateQueries({ queryKey: ['content-admin', 'connectors'] });
      setStep('checks');
      setTest(undefined);
      setTest(
        await unwrapCall(
          api.POST('/api/orgs/{organizationId}/connectors/{connectorId}/test', { params: { path: { ...org(), connectorId: stored.id ?? '' } }, body: {} }),
        ),
      );
    });

  const next = () => {
    const found = validateStep(step, values, keySaved);
    setErrors(found);
    if (Object.keys(found).length) return;
    if (step === 'entities') void saveAndTest();
    else setStep(nextStep(step, values, keySaved));
  };

  const startSync = () =>
    run(async () => {
      const job = await unwrapCall(
        api.POST('/api/orgs/{organizationId}/connectors/{connectorId}/sync', { params: { path: { ...org(), connectorId: saved?.id ?? '' } }, body: {} }),
      );
      setJobId(job.id);
      setStep('sync');
    });

  const active = WIZARD_STEPS.indexOf(step);
  return (
    <Panel title={t('migration.wizard.title')}>
      <Stepper activeStep={active} alternativeLabel sx={{ mb: 2, '& .MuiStepLabel-label': { fontSize: { xs: 11, sm: 14 } } }}>
        {WIZARD_STEPS.map((s) => (
          <Step key={s}>
            <StepLabel>{t(`migration.wizard.steps.${s}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Typography component="h3" variant="subtitle1" sx={{ mb: 1 }}>
        {t('migration.wizard.stepOf', { n: active + 1, total: WIZARD_STEPS.length, name: t(`migration.wizard.steps.${step}`) })}
      </Typography>
      {step === 'site' ? (
        <Box sx={{ display: 'grid', gap: 2, maxWidth: 560 }}>
          <TextField
            label={t('migration.fields.name')}
            value={values.name}
            onChange={(e) => set({ name: e.target.value })}
            error={Boolean(fieldError('name'))}
            helperText={fieldError('name')}
            required
          />
          <TextField
            label={t('migration.fields.siteUrl')}
            type="url"
            value={values.siteUrl}
            onChange={(e) => set({ siteUrl: e.target.value })}
            error={Boolean(fieldError('siteUrl'))}
            helperText={fieldError('siteUrl') ?? t('migration.fields.siteUrlHint')}
            required
          />
          <TextField
            label={t('migration.fields.syncKey')}
            type="password"
            autoComplete="off"
            value={values.syncKey}
            onChange={(e) => set({ syncKey: e.target.value })}
            error={Boolean(fieldError('syncKey'))}
            helperText={fieldError('syncKey') ?? (keySaved ? t('migration.fields.syncKeyKept') : t('migration.fields.syncKeyHint'))}
            required={!keySaved}
          />
        </Box>
      ) : null}
      {step === 'entities' ? (
        <Box sx={{ display: 'grid', gap: 2, maxWidth: 560 }}>
          <FormControl error={Boolean(fieldError('enabledEntityTypes'))} component="fieldset">
            <FormLabel component="legend">{t('migration.fields.entityTypes')}</FormLabel>
            <FormGroup>
              {entityTypes.map((type) => (
                <FormControlLabel
                  key={type}
                  control={
                    <Checkbox
                      checked={values.enabledEntityTypes.includes(type)}
                      onChange={(e) =>
                        set({
                          enabledEntityTypes: e.target.checked ? [...values.enabledEntityTypes, type] : values.enabledEntityTypes.filter((x) => x !== type),
                        })
                      }
                    />
                  }
                  label={t(`migration.entities.${type}`)}
                />
              ))}
            </FormGroup>
            {fieldError('enabledEntityTypes') ? <FormHelperText>{fieldError('enabledEntityTypes')}</FormHelperText> : null}
          </FormControl>
          <TextField
            label={t('migration.fields.interval')}
            value={values.syncIntervalMinutes}
            onChange={(e) => set({ syncIntervalMinutes: e.target.value })}
            inputMode="numeric"
            error={Boolean(fieldError('syncIntervalMinutes'))}
            helperText={fieldError('syncIntervalMinutes') ?? t('migration.fields.intervalHint')}
          />
          <FormControlLabel
            control={<Switch checked={values.copyImages} onChange={(e) => set({ copyImages: e.target.checked })} />}
            label={t('migration.fields.copyImages')}
          />
          <FormControlLabel
            control={<Switch checked={values.copyDocumentFiles} onChange={(e) => set({ copyDocumentFiles: e.target.checked })} />}
            label={t('migration.fields.copyDocumentFiles')}
          />
          <TextField
            label={t('migration.fields.timezone')}
            value={values.sourceTimezone}
            onChange={(e) => set({ sourceTimezone: e.target.value })}
            error={Boolean(fieldError('sourceTimezone'))}
            helperText={fieldError('sourceTimezone') ?? t('migration.fields.timezoneHint')}
          />
        </Box>
      ) : null}
      {step === 'checks' ? (
        <Box>
          {busy && !test ? <LoadingState /> : null}
          {test?.checks ? <Checks key={JSON.stringify(test.checks)} checks={test.checks} pluginVersion={test.pluginVersion} /> : null}
          {test && !test.success ? <Alert severity="warning">{t('migration.checks.fix')}</Alert> : null}
        </Box>
      ) : null}
      {step === 'sync' && saved?.id && jobId ? (
        <JobProgress
          connectorId={saved.id}
          jobId={jobId}
          types={connectorConfig(values).enabledEntityTypes}
          onFinished={() => void queryClient.invalidateQueries({ queryKey: ['content-admin', 'connector-stats'] })}
        />
      ) : null}
      <ProblemAlert error={error} />
      <Stack direction="row" sx={{ gap: 1, mt: 2, flexWrap: 'wrap' }}>
        {step !== 'site' && step !== 'sync' ? (
          <Button onClick={() => setStep(WIZARD_STEPS[Math.max(0, active - 1)] ?? WIZARD_STEPS[0])} disabled={busy}>
            {t('back')}
          </Button>
        ) : null}
        {step === 'site' || step === 'entities' ? (
          <Button variant="contained" onClick={next} disabled={busy}>
            {step === 'entities' ? t('migration.wizard.saveAndTest') : t('migration.wizard.next')}
          </Button>
        ) : null}
        {step === 'checks' ? (
          <>
            <Button onClick={() => void saveAndTest()} disabled={busy}>
              {t('migration.checks.again')}
            </Button>
            <Button variant="contained" onClick={() => void startSync()} disabled={busy || !test?.success}>
              {t('migration.startSync')}
            </Button>
          </>
        ) : null}
        {step === 'sync' ? (
          <Button variant="contained" onClick={onDone}>
            {t('migration.wizard.finish')}
          </Button>
        ) : null}
      </Stack>
    </Panel>
  );
}

/** The record log of a job, filtered by entity type and action. */
function SyncLog({ connectorId, jobs }: { connectorId: string; jobs: SyncJob[] }) {
  const { t } = useTranslation('adminContent');
  const [jobId, setJobId] = useState(jobs[0]?.id ?? '');
  const [entityType, setEntityType] = useState('');
  const [action, setAction] = useState('');
  const chosen = jobId || jobs[0]?.id || '';
  const log = useQuery({
    enabled: Boolean(chosen),
    queryKey: ['content-admin', 'sync-log', chosen, entityType, action],
    queryFn: () =>
      unwrapCall(
        api.GET('/api/orgs/{organizationId}/connectors/{connectorId}/sync-jobs/{jobId}/logs', {
          params: {
            path: { ...org(), connectorId, jobId: chosen },
            query: { size: 100, ...(entityType ? { entityType } : {}), ...(action ? { action } : {}) },
          },
        }),
      ),
  });
  if (!jobs.length) return <EmptyState>{t('migration.log.noJobs')}</EmptyState>;
  const rows = log.data?.content ?? [];
  return (
    <Box>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <TextField
          select
          size="small"
          label={t('migration.log.job')}
          value={chosen}
          onChange={(e) => setJobId(e.target.value)}
          sx={{ width: { xs: '100%', sm: 260 } }}
        >
          {jobs.map((j) => (
            <MenuItem key={j.id} value={j.id}>
              {`${formatDateTime(j.createdAt)} · ${t(`migration.jobStatus.${j.status}`, { defaultValue: j.status })}`}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('migration.log.entityType')}
          value={entityType}
          onChange={(e) => setEntityType(e.target.value)}
          sx={{ width: { xs: '100%', sm: 180 } }}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value="">{t('migration.log.all')}</MenuItem>
          {ENTITY_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {t(`migration.entities.${type}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('migration.log.action')}
          value={action}
          onChange={(e) => setAction(e.target.value)}
          sx={{ width: { xs: '100%', sm: 180 } }}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value="">{t('migration.log.all')}</MenuItem>
          {LOG_ACTIONS.map((a) => (
            <MenuItem key={a} value={a}>
              {t(`migration.actions.${a}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <ProblemAlert error={log.error} />
      {log.isPending && chosen ? <LoadingState /> : null}
      {log.isSuccess && rows.length === 0 ? <EmptyState>{t('migration.log.empty')}</EmptyState> : null}
      {rows.length ? (
        <ScrollArea label={t('migration.log.title')}>
          <Table size="small" aria-label={t('migration.log.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('migration.log.entityType')}</TableCell>
                <TableCell>{t('migration.log.externalId')}</TableCell>
                <TableCell>{t('migration.log.action')}</TableCell>
                <TableCell>{t('migration.log.message')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={String(row.id)}>
                  <TableCell>{t(`migration.entities.${row.entityType}`, { defaultValue: row.entityType })}</TableCell>
                  <TableCell>{row.externalId}</TableCell>
                  <TableCell>{t(`migration.actions.${row.action}`, { defaultValue: row.action })}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 220 }}>{row.message}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollArea>
      ) : null}
    </Box>
  );
}

/** A connector's overview: status, sync now (with progress), totals per type, the log. */
function ConnectorOverview({ connector, onEdit }: { connector: Connector; onEdit: () => void }) {
  const { t } = useTranslation('adminContent');
  const queryClient = useQueryClient();
  const [error, setError] = useState<unknown>();
  const connectorId = connector.id ?? '';
  const jobs = useQuery({
    queryKey: ['content-admin', 'sync-jobs', connectorId],
    queryFn: () =>
      unwrapCall(
        api.GET('/api/orgs/{organizationId}/connectors/{connectorId}/sync-jobs', { params: { path: { ...org(), connectorId }, query: { size: 20 } } }),
      ),
  });
  const stats = useQuery({
    queryKey: ['content-admin', 'connector-stats', connectorId],
    queryFn: () => unwrapCall(api.GET('/api/orgs/{organizationId}/connectors/{connectorId}/stats', { params: { path: { ...org(), connectorId } } })),
  });
  const list = jobs.data?.content ?? [];
  const current = list.find((j) => !jobFinished(j)) ?? list[0];
  const types = connector.config?.enabledEntityTypes ?? [];
  const start = async (jobType?: string) => {
    setError(undefined);
    try {
      await unwrapCall(
        api.POST('/api/orgs/{organizationId}/connectors/{connectorId}/sync', { params: { path: { ...org(), connectorId } }, body: jobType ? { jobType } : {} }),
      );
      await queryClient.invalidateQueries({ queryKey: ['content-admin', 'sync-jobs', connectorId] });
    } catch (failed) {
      setError(failed);
    }
  };
  const refreshAll = () => {
    void queryClient.invalidateQueries({ queryKey: ['content-admin', 'connector-stats', connectorId] });
    void queryClient.invalidateQueries({ queryKey: ['content-admin', 'sync-jobs', connectorId] });
    void queryClient.invalidateQueries({ queryKey: ['content-admin', 'sync-log'] });
  };
  return (
    <>
      <Panel title={connector.name ?? ''}>
        <Typography variant="body2">
          {t('migration.overview.status', {
            status: t(`migration.connectorStatus.${connector.status}`, { defaultValue: connector.status }),
            site: connector.config?.siteUrl,
          })}
        </Typography>
        <Typography variant="body2">
          {connector.lastSyncAt ? t('migration.overview.lastSync', { at: formatDateTime(connector.lastSyncAt) }) : t('migration.overview.never')}
          {connector.nextSyncAt ? ` · ${t('migration.overview.nextSync', { at: formatDateTime(connector.nextSyncAt) })}` : ''}
        </Typography>
        {connector.lastError ? <Alert severity="error">{connector.lastError}</Alert> : null}
        <Stack direction="row" sx={{ gap: 1, mt: 1, flexWrap: 'wrap' }}>
          <Button variant="contained" onClick={() => void start()} disabled={Boolean(current && !jobFinished(current))}>
            {connector.initialized ? t('migration.syncNow') : t('migration.startSync')}
          </Button>
          {connector.initialized ? (
            <Button onClick={() => void start('FULL_SYNC')} disabled={Boolean(current && !jobFinished(current))}>
              {t('migration.fullSync')}
            </Button>
          ) : null}
          <Button onClick={onEdit}>{t('migration.overview.edit')}</Button>
        </Stack>
        <ProblemAlert error={error ?? jobs.error} />
      </Panel>
      <Panel title={t('migration.progressTitle')}>
        {jobs.isPending ? <LoadingState /> : null}
        {current?.id ? (
          <JobProgress key={current.id} connectorId={connectorId} jobId={current.id} types={types} onFinished={refreshAll} />
        ) : jobs.isSuccess ? (
          <EmptyState>{t('migration.log.noJobs')}</EmptyState>
        ) : null}
      </Panel>
      <Panel title={t('migration.stats.title')}>
        <ProblemAlert error={stats.error} />
        {stats.data ? (
          <ScrollArea label={t('migration.stats.title')}>
            <Typography variant="body2" sx={{ mb: 1 }}>
              {t('migration.stats.jobs', { total: stats.data.totalJobs ?? 0, completed: stats.data.completedJobs ?? 0, failed: stats.data.failedJobs ?? 0 })}
            </Typography>
            <Table size="small" aria-label={t('migration.stats.title')}>
              <TableHead>
                <TableRow>
                  {['entityType', 'fetched', 'created', 'updated', 'skipped', 'conflicts', 'failed'].map((c) => (
                    <TableCell key={c}>{t(`migration.stats.${c}`)}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {(stats.data.byEntityType ?? []).map((p) => (
                  <TableRow key={p.entityType}>
                    <TableCell>{t(`migration.entities.${p.entityType}`, { defaultValue: p.entityType })}</TableCell>
                    <TableCell>{p.fetched ?? 0}</TableCell>
                    <TableCell>{p.created ?? 0}</TableCell>
                    <TableCell>{p.updated ?? 0}</TableCell>
                    <TableCell>{p.skipped ?? 0}</TableCell>
                    <TableCell>{p.conflicts ?? 0}</TableCell>
                    <TableCell>{p.failed ?? 0}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollArea>
        ) : stats.isPending ? (
          <LoadingState />
        ) : null}
      </Panel>
      <Panel title={t('migration.log.title')}>
        <SyncLog key={list[0]?.id ?? 'none'} connectorId={connectorId} jobs={list} />
      </Panel>
    </>
  );
}

/** Migration from the legacy site: the connector wizard, then the sync's progress, totals and log. */
export function MigrationPage() {
  const { t } = useTranslation('adminContent');
  // 'auto': the wizard when there is no connector yet; kept open once started (its connector appears meanwhile).
  const [mode, setMode] = useState<'auto' | 'wizard' | 'overview'>('auto');
  const types = useQuery({ queryKey: ['content-admin', 'connector-types'], queryFn: () => unwrapCall(api.GET('/api/connectors/types')) });
  const connectors = useQuery({
    queryKey: ['content-admin', 'connectors'],
    queryFn: () => unwrapCall(api.GET('/api/orgs/{organizationId}/connectors', { params: { path: org(), query: { size: 20 } } })),
  });
  const legacy = types.data?.types?.find((type) => type.code === 'LEGACY_SITE' && type.availability === 'AVAILABLE');
  const connector = connectors.data?.content?.find((c) => c.type === 'LEGACY_SITE') ?? connectors.data?.content?.[0];
  const wizard = mode === 'wizard' || (mode === 'auto' && connectors.isSuccess && !connector);
  return (
    <Screen title={t('migration.title')}>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('migration.intro')}
      </Typography>
      <ProblemAlert error={types.error ?? connectors.error} />
      {types.isPending || connectors.isPending ? <LoadingState /> : null}
      {legacy?.id && wizard ? (
        <Wizard
          connector={connector}
          typeId={legacy.id}
          entityTypes={legacy.entityTypes?.length ? legacy.entityTypes : [...ENTITY_TYPES]}
          onStarted={() => setMode('wizard')}
          onDone={() => {
            setMode('overview');
            void connectors.refetch();
          }}
        />
      ) : null}
      {connector && !wizard ? <ConnectorOverview connector={connector} onEdit={() => setMode('wizard')} /> : null}
    </Screen>
  );
}
