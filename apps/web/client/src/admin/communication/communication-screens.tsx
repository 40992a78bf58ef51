import { useEffect, useId, useRef, useState } from 'react';
import {
  Datagrid,
  Edit,
  FunctionField,
  List,
  SelectInput,
  SimpleList,
  TextField as RaTextField,
  TextInput,
  useNotify,
  useRecordContext,
  useRedirect,
} from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Chip, FormControlLabel, MenuItem, Stack, Switch, TextField, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { components } from '@platform/api-client';
import { api } from '../../api/platform';
import { unwrapCall } from '../settings/kit/call';
import { formatDateTime } from '../settings/kit/format';
import { useDraft } from '../settings/kit/draft';
import { currentOrganisationId } from '../settings/kit/org';
import { CONTAIN_SX, LoadingState, Panel, ProblemAlert, Screen } from '../settings/kit/ui';
import { ROLES, TARGET_TYPES, checkNotification, notificationBody, type NotificationFormValues } from './notification-form';

type EmailTemplate = components['schemas']['platform.organisation.v1.EmailTemplate'];
type EmailLog = components['schemas']['platform.notifications.v1.EmailLog'];
const org = () => ({ organizationId: currentOrganisationId() });

/** Send a notification (an inbox entry for each recipient, then a push). */
export function SendNotificationPage() {
  const { t } = useTranslation('adminContent');
  const [values, setValues] = useState<NotificationFormValues>({ title: '', body: '', targetType: 'ALL_MEMBERS' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<unknown>();
  const [sent, setSent] = useState<number>();
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<NotificationFormValues>) => setValues((v) => ({ ...v, ...patch }));
  const fieldError = (name: string) => (errors[name] ? t(`communication.errors.${errors[name]}`) : undefined);

  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = checkNotification(values);
    setErrors(found);
    setSent(undefined);
    if (Object.keys(found).length) return;
    setBusy(true);
    setError(undefined);
    try {
      const answer = await unwrapCall(api.POST('/api/notifications', { body: notificationBody(values) }));
      setSent(answer.recipientCount ?? 0);
      setValues({ title: '', body: '', targetType: values.targetType, targetRole: values.targetRole });
    } catch (failed) {
      setError(failed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Screen title={t('communication.send.title')}>
      <Box component="form" onSubmit={send} noValidate sx={{ display: 'grid', gap: 2, maxWidth: 560 }}>
        <TextField
          label={t('communication.send.fields.title')}
          value={values.title}
          onChange={(e) => set({ title: e.target.value })}
          required
          error={Boolean(fieldError('title'))}
          helperText={fieldError('title')}
        />
        <TextField
          label={t('communication.send.fields.body')}
          value={values.body}
          onChange={(e) => set({ body: e.target.value })}
          required
          multiline
          minRows={3}
          error={Boolean(fieldError('body'))}
          helperText={fieldError('body')}
        />
        <TextField
          select
          label={t('communication.send.fields.target')}
          value={values.targetType}
          onChange={(e) => set({ targetType: e.target.value as NotificationFormValues['targetType'] })}
        >
          {TARGET_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {t(`communication.send.target.${type}`)}
            </MenuItem>
          ))}
        </TextField>
        {values.targetType === 'ROLE' ? (
          <TextField
            select
            label={t('communication.send.fields.role')}
            value={values.targetRole ?? ''}
            onChange={(e) => set({ targetRole: e.target.value })}
            error={Boolean(fieldError('targetRole'))}
            helperText={fieldError('targetRole')}
          >
            {ROLES.map((role) => (
              <MenuItem key={role} value={role}>
                {t(`communication.roles.${role}`)}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
        {values.targetType === 'SPECIFIC_USER' ? (
          <TextField
            label={t('communication.send.fields.userId')}
            value={values.targetUserId ?? ''}
            onChange={(e) => set({ targetUserId: e.target.value })}
            error={Boolean(fieldError('targetUserId'))}
            helperText={fieldError('targetUserId') ?? t('communication.send.userIdHint')}
          />
        ) : null}
        <FormControlLabel
          control={<Switch checked={Boolean(values.membersOnly)} onChange={(e) => set({ membersOnly: e.target.checked })} />}
          label={t('communication.send.fields.membersOnly')}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('communication.send.submit')}
          </Button>
        </Box>
        <ProblemAlert error={error} />
        {sent !== undefined ? (
          <Alert severity="success" role="status">
            {t('communication.send.sent', { count: sent })}
          </Alert>
        ) : null}
      </Box>
    </Screen>
  );
}

/**
 * The rendered email (the platform's sanitised EMAIL HTML) in a shadow root: its styles stay
 * inside, and the page's policy (no inline script) holds for it. A frame is refused by the page's
 * policy (frame-ancestors 'none' is inherited by srcdoc frames).
 */
function EmailPreview({ html, label }: { html: string; label: string }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const root = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
    root.innerHTML = html;
  }, [html]);
  return (
    <Box
      ref={host}
      role="document"
      tabIndex={0}
      aria-label={label}
      data-testid="email-preview"
      sx={{ background: '#fff', overflowX: 'auto', minHeight: 120 }}
    />
  );
}

/** Email templates: one per type, customised or the built-in default. */
export function EmailTemplateList() {
  const { t } = useTranslation('adminContent');
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <List title={t('communication.templates.title')} pagination={false} exporter={false} empty={false}>
      {phone ? (
        <SimpleList<EmailTemplate & { id: string }>
          primaryText={(r) => t(`communication.templateTypes.${r.type}`, { defaultValue: r.type })}
          secondaryText={(r) => r.subject ?? ''}
          linkType="edit"
        />
      ) : (
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <FunctionField<EmailTemplate>
            label={t('communication.templates.type')}
            render={(r) => t(`communication.templateTypes.${r.type}`, { defaultValue: r.type })}
          />
          <RaTextField source="subject" label={t('communication.templates.subject')} sortable={false} />
          <FunctionField<EmailTemplate>
            label={t('communication.templates.state')}
            render={(r) => <Chip size="small" label={r.customized ? t('communication.templates.customized') : t('communication.templates.default')} />}
          />
        </Datagrid>
      )}
    </List>
  );
}

function TemplateEditor() {
  const { t } = useTranslation('adminContent');
  const record = useRecordContext<EmailTemplate>();
  const notify = useNotify();
  const redirect = useRedirect();
  const queryClient = useQueryClient();
  const previewTitle = useId();
  const [draftSubject, setSubject] = useState<string>();
  const [draftBody, setBody] = useState<string>();
  const subject = draftSubject ?? record?.subject ?? '';
  const body = draftBody ?? record?.body ?? '';
  const [error, setError] = useState<unknown>();
  const [preview, setPreview] = useState<{ subject?: string; html?: string }>();
  const [busy, setBusy] = useState(false);
  if (!record?.id) return null;
  const path = { ...org(), templateId: record.id };
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
  const showPreview = () =>
    run(async () => {
      setPreview(await unwrapCall(api.POST('/api/orgs/{organizationId}/email-templates/{templateId}/preview', { params: { path }, body: { subject, body } })));
    });
  const save = () =>
    run(async () => {
      await unwrapCall(api.PUT('/api/orgs/{organizationId}/email-templates/{templateId}', { params: { path }, body: { subject, body } }));
      await queryClient.invalidateQueries({ queryKey: ['email-templates'] });
      notify(t('communication.templates.saved'), { type: 'success' });
      redirect('list', 'email-templates');
    });
  const reset = () =>
    run(async () => {
      if (!window.confirm(t('communication.templates.confirmReset'))) return;
      const fresh = await unwrapCall(
        api.POST('/api/orgs/{organizationId}/email-templates/reset/{type}', { params: { path: { ...org(), type: record.type ?? '' } } }),
      );
      setSubject(fresh.subject ?? '');
      setBody(fresh.body ?? '');
      setPreview(undefined);
      await queryClient.invalidateQueries({ queryKey: ['email-templates'] });
      notify(t('communication.templates.resetDone'), { type: 'success' });
    });
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Typography component="h1" variant="h5">
        {t(`communication.templateTypes.${record.type}`, { defaultValue: record.type })}
      </Typography>
      {record.placeholders?.length ? (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {t('communication.templates.placeholders', { list: record.placeholders.map((p) => `{{${p}}}`).join(' ') })}
        </Typography>
      ) : null}
      <TextField label={t('communication.templates.subject')} value={subject} onChange={(e) => setSubject(e.target.value)} fullWidth />
      <TextField
        label={t('communication.templates.body')}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        multiline
        minRows={8}
        fullWidth
        slotProps={{ htmlInput: { style: { fontFamily: 'monospace' } } }}
      />
      <ProblemAlert error={error} />
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Button variant="contained" onClick={() => void save()} disabled={busy}>
          {t('save')}
        </Button>
        <Button onClick={() => void showPreview()} disabled={busy}>
          {t('communication.templates.preview')}
        </Button>
        <Button color="warning" onClick={() => void reset()} disabled={busy || !record.customized}>
          {t('communication.templates.reset')}
        </Button>
      </Stack>
      {preview ? (
        <Box component="section" aria-labelledby={previewTitle} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }}>
          <Typography id={previewTitle} component="h2" variant="h6">
            {t('communication.templates.previewTitle')}
          </Typography>
          <Typography variant="body2" data-testid="preview-subject">
            {t('communication.templates.previewSubject', { subject: preview.subject })}
          </Typography>
          <EmailPreview html={preview.html ?? ''} label={t('communication.templates.previewFrame')} />
        </Box>
      ) : null}
    </Box>
  );
}

export function EmailTemplateEdit() {
  const { t } = useTranslation('adminContent');
  return (
    <Edit sx={CONTAIN_SX} title={t('communication.templates.editTitle')} actions={false}>
      <TemplateEditor />
    </Edit>
  );
}

/** Every email sent for the organisation, newest first, by status and recipient. */
export function EmailLogList() {
  const { t } = useTranslation('adminContent');
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const filters = [
    <SelectInput
      key="status"
      source="status"
      label={t('communication.log.status')}
      choices={['SENT', 'FAILED', 'BOUNCED'].map((id) => ({ id, name: t(`communication.log.statuses.${id}`) }))}
      alwaysOn
    />,
    <TextInput key="recipient" source="recipient" label={t('communication.log.recipient')} alwaysOn />,
  ];
  return (
    <List title={t('communication.log.title')} filters={filters} exporter={false} empty={false}>
      {phone ? (
        <SimpleList<EmailLog & { id: string }>
          primaryText={(r) => r.subject ?? ''}
          secondaryText={(r) => `${r.recipient ?? ''} · ${r.status ?? ''}`}
          tertiaryText={(r) => formatDateTime(r.createdAt)}
          linkType={false}
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <FunctionField<EmailLog> label={t('communication.log.sentAt')} render={(r) => formatDateTime(r.createdAt)} />
          <RaTextField source="recipient" label={t('communication.log.recipient')} sortable={false} />
          <RaTextField source="subject" label={t('communication.log.subject')} sortable={false} />
          <FunctionField<EmailLog>
            label={t('communication.log.status')}
            render={(r) => t(`communication.log.statuses.${r.status}`, { defaultValue: r.status })}
          />
          <RaTextField source="error" label={t('communication.log.error')} sortable={false} emptyText="" />
        </Datagrid>
      )}
    </List>
  );
}

interface SmtpForm {
  host: string;
  port: string;
  username: string;
  password: string;
  fromAddress: string;
  fromName: string;
  secure: boolean;
  requireTls: boolean;
}

/** The organisation's own SMTP server: settings (password write-only), connection test, test email. */
export function SmtpPage() {
  const { t } = useTranslation('adminContent');
  const notify = useNotify();
  const query = useQuery({
    queryKey: ['content-admin', 'smtp'],
    queryFn: () => unwrapCall(api.GET('/api/orgs/{organizationId}/smtp', { params: { path: org() } })),
  });
  const [form, setForm] = useDraft(query.data, (d): SmtpForm => ({
    host: d.host ?? '',
    port: d.port ? String(d.port) : '587',
    username: d.username ?? '',
    password: '',
    fromAddress: d.fromAddress ?? '',
    fromName: d.fromName ?? '',
    secure: Boolean(d.secure),
    requireTls: d.requireTls ?? true,
  }));
  const [error, setError] = useState<unknown>();
  const [result, setResult] = useState<{ success?: boolean; message?: string }>();
  const [to, setTo] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    setResult(undefined);
    try {
      await work();
    } catch (failed) {
      setError(failed);
    } finally {
      setBusy(false);
    }
  };
  if (query.isPending) return <LoadingState />;
  if (!form) return <ProblemAlert error={query.error} />;
  const set = (patch: Partial<SmtpForm>) => setForm({ ...form, ...patch });
  const save = () =>
    run(async () => {
      await unwrapCall(
        api.PUT('/api/orgs/{organizationId}/smtp', {
          params: { path: org() },
          body: {
            host: form.host.trim(),
            port: Number(form.port),
            username: form.username.trim(),
            fromAddress: form.fromAddress.trim(),
            fromName: form.fromName.trim(),
            secure: form.secure,
            requireTls: form.requireTls,
            ...(form.password ? { password: form.password } : {}),
          },
        }),
      );
      set({ password: '' });
      await query.refetch();
      notify(t('communication.smtp.saved'), { type: 'success' });
    });
  const test = () => run(async () => setResult(await unwrapCall(api.POST('/api/orgs/{organizationId}/smtp/test', { params: { path: org() } }))));
  const testEmail = () =>
    run(async () => setResult(await unwrapCall(api.POST('/api/orgs/{organizationId}/smtp/test-email', { params: { path: org() }, body: { to: to.trim() } }))));
  return (
    <Screen title={t('communication.smtp.title')}>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {query.data?.configured ? t('communication.smtp.configured', { at: formatDateTime(query.data.updatedAt) }) : t('communication.smtp.notConfigured')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, maxWidth: 560 }}>
        <TextField label={t('communication.smtp.host')} value={form.host} onChange={(e) => set({ host: e.target.value })} />
        <TextField label={t('communication.smtp.port')} value={form.port} onChange={(e) => set({ port: e.target.value })} inputMode="numeric" />
        <TextField label={t('communication.smtp.username')} value={form.username} onChange={(e) => set({ username: e.target.value })} autoComplete="off" />
        <TextField
          label={t('communication.smtp.password')}
          type="password"
          value={form.password}
          onChange={(e) => set({ password: e.target.value })}
          autoComplete="new-password"
          helperText={query.data?.passwordSet ? t('communication.smtp.passwordKept') : undefined}
        />
        <TextField label={t('communication.smtp.fromAddress')} type="email" value={form.fromAddress} onChange={(e) => set({ fromAddress: e.target.value })} />
        <TextField label={t('communication.smtp.fromName')} value={form.fromName} onChange={(e) => set({ fromName: e.target.value })} />
        <FormControlLabel
          control={<Switch checked={form.secure} onChange={(e) => set({ secure: e.target.checked })} />}
          label={t('communication.smtp.secure')}
        />
        <FormControlLabel
          control={<Switch checked={form.requireTls} onChange={(e) => set({ requireTls: e.target.checked })} />}
          label={t('communication.smtp.requireTls')}
        />
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Button variant="contained" onClick={() => void save()} disabled={busy}>
            {t('save')}
          </Button>
          <Button onClick={() => void test()} disabled={busy || !query.data?.configured}>
            {t('communication.smtp.test')}
          </Button>
        </Stack>
        <Panel title={t('communication.smtp.testEmailTitle')}>
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <TextField size="small" type="email" label={t('communication.smtp.to')} value={to} onChange={(e) => setTo(e.target.value)} />
            <Button onClick={() => void testEmail()} disabled={busy || !to.trim() || !query.data?.configured}>
              {t('communication.smtp.sendTest')}
            </Button>
          </Stack>
        </Panel>
        <ProblemAlert error={error} />
        {result ? (
          <Alert severity={result.success ? 'success' : 'error'} role="status">
            {result.message || (result.success ? t('communication.smtp.ok') : t('communication.smtp.failed'))}
          </Alert>
        ) : null}
      </Box>
    </Screen>
  );
}
