import { useId, useState } from 'react';
import { useNotify } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, FormControlLabel, MenuItem, Stack, Switch, Tab, Tabs, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/platform';
import { unwrapCall } from './kit/call';
import { useDraft } from './kit/draft';
import { currentOrganisationId } from './kit/org';
import { LoadingState, Panel, ProblemAlert, Screen } from './kit/ui';
import { isHexColour, normaliseHex, textOn } from './branding';

const org = () => currentOrganisationId();

/** Runs one save at a time, keeping its error for the form. */
function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
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
  return { busy, error, run };
}

function ProfileTab() {
  const { t } = useTranslation('adminContent');
  const notify = useNotify();
  const query = useQuery({ queryKey: ['content-admin', 'org'], queryFn: () => unwrapCall(api.GET('/api/orgs/{id}', { params: { path: { id: org() } } })) });
  const [form, setForm] = useDraft(
    query.data,
    (d): { name: string; description: string; website_url: string; allow_join_requests: boolean; customDomain: string } => ({
      name: d.name ?? '',
      description: d.description ?? '',
      website_url: d.website_url ?? '',
      allow_join_requests: Boolean(d.allow_join_requests),
      customDomain: d.customDomain ?? '',
    }),
  );
  const { busy, error, run } = useAction();
  if (query.isPending) return <LoadingState />;
  if (!form) return <ProblemAlert error={query.error} />;
  const set = (patch: Partial<typeof form>) => setForm({ ...form, ...patch });
  const save = () =>
    run(async () => {
      await unwrapCall(
        api.PUT('/api/orgs/{id}', {
          params: { path: { id: org() } },
          body: {
            name: form.name.trim(),
            description: form.description.trim(),
            website_url: form.website_url.trim(),
            allow_join_requests: form.allow_join_requests,
            customDomain: form.customDomain.trim(),
          },
        }),
      );
      notify(t('settings.saved'), { type: 'success' });
    });
  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 560 }}>
      <Typography variant="body2">{t('settings.profile.slug', { slug: query.data?.slug })}</Typography>
      <TextField label={t('settings.profile.name')} value={form.name} onChange={(e) => set({ name: e.target.value })} required />
      <TextField
        label={t('settings.profile.description')}
        value={form.description}
        onChange={(e) => set({ description: e.target.value })}
        multiline
        minRows={3}
      />
      <TextField label={t('settings.profile.website')} type="url" value={form.website_url} onChange={(e) => set({ website_url: e.target.value })} />
      <TextField
        label={t('settings.profile.customDomain')}
        value={form.customDomain}
        onChange={(e) => set({ customDomain: e.target.value })}
        helperText={t('settings.profile.customDomainHint')}
      />
      <FormControlLabel
        control={<Switch checked={form.allow_join_requests} onChange={(e) => set({ allow_join_requests: e.target.checked })} />}
        label={t('settings.profile.joinRequests')}
      />
      <ProblemAlert error={error} />
      <Box>
        <Button variant="contained" onClick={() => void save()} disabled={busy}>
          {t('save')}
        </Button>
      </Box>
    </Box>
  );
}

function ColourField({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation('adminContent');
  const id = useId();
  const valid = isHexColour(value);
  return (
    <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start' }}>
      <TextField
        id={id}
        label={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        error={!valid}
        helperText={valid ? t('settings.branding.hexHint') : t('settings.branding.invalidColour')}
      />
      <input
        type="color"
        aria-label={t('settings.branding.pick', { label })}
        value={normaliseHex(value) ?? '#000000'}
        onChange={(e) => onChange(e.target.value)}
        style={{ width: 48, height: 48, border: 0, padding: 0, background: 'none' }}
      />
    </Stack>
  );
}

function BrandingTab() {
  const { t } = useTranslation('adminContent');
  const notify = useNotify();
  const queryClient = useQueryClient();
  const fileId = useId();
  const query = useQuery({
    queryKey: ['content-admin', 'branding'],
    queryFn: () => unwrapCall(api.GET('/api/orgs/{orgId}/branding', { params: { path: { orgId: org() } } })),
  });
  const [form, setForm] = useDraft(query.data, (d): { primaryColor: string; secondaryColor: string; fontFamily: string; logoUrl: string } => ({
    primaryColor: d.primaryColor ?? '#1f4e79',
    secondaryColor: d.secondaryColor ?? '#ffffff',
    fontFamily: d.fontFamily ?? '',
    logoUrl: d.logoUrl ?? '',
  }));
  const { busy, error, run } = useAction();
  if (query.isPending) return <LoadingState />;
  if (!form) return <ProblemAlert error={query.error} />;
  const set = (patch: Partial<typeof form>) => setForm({ ...form, ...patch });
  const valid = isHexColour(form.primaryColor) && isHexColour(form.secondaryColor);
  const onPrimary = textOn(normaliseHex(form.primaryColor) ?? '#000000');
  const uploadLogo = (file: File | undefined) =>
    run(async () => {
      if (!file) return;
      const body = new FormData();
      body.append('assetType', 'LOGO');
      body.append('file', file, file.name);
      const asset = await unwrapCall(api.POST('/api/orgs/{orgId}/assets', { params: { path: { orgId: org() } }, body: body as unknown as { file: string } }));
      set({ logoUrl: asset.url ?? '' });
      notify(t('settings.branding.logoUploaded'), { type: 'info' });
    });
  const save = () =>
    run(async () => {
      await unwrapCall(
        api.PUT('/api/orgs/{orgId}/branding', {
          params: { path: { orgId: org() } },
          body: {
            primaryColor: normaliseHex(form.primaryColor),
            secondaryColor: normaliseHex(form.secondaryColor),
            fontFamily: form.fontFamily.trim(),
            logoUrl: form.logoUrl,
          },
        }),
      );
      await queryClient.invalidateQueries({ queryKey: ['content-admin', 'branding'] });
      notify(t('settings.saved'), { type: 'success' });
    });
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' } }}>
      <Box sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
        <ColourField label={t('settings.branding.primary')} value={form.primaryColor} onChange={(v) => set({ primaryColor: v })} />
        <ColourField label={t('settings.branding.secondary')} value={form.secondaryColor} onChange={(v) => set({ secondaryColor: v })} />
        <TextField label={t('settings.branding.font')} value={form.fontFamily} onChange={(e) => set({ fontFamily: e.target.value })} />
        <Box>
          <label htmlFor={fileId}>{t('settings.branding.logo')}</label>
          <br />
          <input id={fileId} type="file" accept="image/png,image/jpeg,image/gif,image/webp" onChange={(e) => void uploadLogo(e.target.files?.[0])} />
          <Typography variant="body2" color="text.secondary">
            {t('settings.branding.logoHint')}
          </Typography>
        </Box>
        <ProblemAlert error={error} />
        <Box>
          <Button variant="contained" onClick={() => void save()} disabled={busy || !valid}>
            {t('save')}
          </Button>
        </Box>
      </Box>
      <Panel title={t('settings.branding.preview')}>
        <Box
          data-testid="branding-preview"
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden', fontFamily: form.fontFamily || undefined }}
        >
          <Box sx={{ background: normaliseHex(form.primaryColor), color: onPrimary.color, p: 2, display: 'flex', alignItems: 'center', gap: 1 }}>
            {form.logoUrl ? <img src={form.logoUrl} alt={t('settings.branding.logoAlt')} style={{ height: 32, width: 'auto' }} /> : null}
            <strong>{t('settings.branding.sampleTitle')}</strong>
          </Box>
          <Box sx={{ p: 2, background: '#fff', color: '#1b1f24' }}>
            <p>{t('settings.branding.sampleText')}</p>
            <Box
              component="span"
              sx={{ display: 'inline-block', px: 2, py: 1, borderRadius: 1, background: normaliseHex(form.primaryColor), color: onPrimary.color }}
            >
              {t('settings.branding.sampleButton')}
            </Box>
          </Box>
        </Box>
        {!onPrimary.aa ? (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {t('settings.branding.lowContrast', { ratio: onPrimary.ratio })}
          </Alert>
        ) : null}
      </Panel>
    </Box>
  );
}

const LEGAL_PAGES = ['termsOfService', 'privacyPolicy', 'cookiePolicy'] as const;

function LegalTab() {
  const { t } = useTranslation('adminContent');
  const notify = useNotify();
  const query = useQuery({
    queryKey: ['content-admin', 'legal'],
    queryFn: () => unwrapCall(api.GET('/api/orgs/{id}/legal-pages', { params: { path: { id: org() } } })),
  });
  const [form, setForm] = useDraft(query.data, (d): Record<(typeof LEGAL_PAGES)[number], string> => ({
    termsOfService: d.termsOfService ?? '',
    privacyPolicy: d.privacyPolicy ?? '',
    cookiePolicy: d.cookiePolicy ?? '',
  }));
  const [page, setPage] = useState<(typeof LEGAL_PAGES)[number]>('termsOfService');
  const { busy, error, run } = useAction();
  if (query.isPending) return <LoadingState />;
  if (!form) return <ProblemAlert error={query.error} />;
  const save = () =>
    run(async () => {
      const saved = await unwrapCall(api.PUT('/api/orgs/{id}/legal-pages', { params: { path: { id: org() } }, body: { [page]: form[page] } }));
      setForm({ ...form, [page]: saved[page] ?? '' });
      notify(t('settings.saved'), { type: 'success' });
    });
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <TextField select label={t('settings.legal.page')} value={page} onChange={(e) => setPage(e.target.value as typeof page)} sx={{ maxWidth: 320 }}>
        {LEGAL_PAGES.map((p) => (
          <MenuItem key={p} value={p}>
            {t(`settings.legal.${p}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={t('settings.legal.html')}
        value={form[page]}
        onChange={(e) => setForm({ ...form, [page]: e.target.value })}
        multiline
        minRows={10}
        helperText={t('settings.legal.hint')}
        slotProps={{ htmlInput: { style: { fontFamily: 'monospace' } } }}
      />
      <ProblemAlert error={error} />
      <Box>
        <Button variant="contained" onClick={() => void save()} disabled={busy}>
          {t('save')}
        </Button>
      </Box>
    </Box>
  );
}

function DirectoryTab() {
  const { t } = useTranslation('adminContent');
  const notify = useNotify();
  const query = useQuery({
    queryKey: ['content-admin', 'directory'],
    queryFn: () => unwrapCall(api.GET('/api/orgs/{organizationId}/directory/config', { params: { path: { organizationId: org() } } })),
  });
  const [form, setForm] = useDraft(query.data, (d): { visibility: string; showEmail: boolean; showPhone: boolean; allowMemberSearch: boolean } => ({
    visibility: d.visibility || 'MEMBERS_ONLY',
    showEmail: Boolean(d.showEmail),
    showPhone: Boolean(d.showPhone),
    allowMemberSearch: Boolean(d.allowMemberSearch),
  }));
  const { busy, error, run } = useAction();
  if (query.isPending) return <LoadingState />;
  if (!form) return <ProblemAlert error={query.error} />;
  const set = (patch: Partial<typeof form>) => setForm({ ...form, ...patch });
  const save = () =>
    run(async () => {
      await unwrapCall(api.PUT('/api/orgs/{organizationId}/directory/config', { params: { path: { organizationId: org() } }, body: form }));
      notify(t('settings.saved'), { type: 'success' });
    });
  return (
    <Box sx={{ display: 'grid', gap: 1, maxWidth: 560 }}>
      <TextField select label={t('settings.directory.visibility')} value={form.visibility} onChange={(e) => set({ visibility: e.target.value })}>
        {['MEMBERS_ONLY', 'ADMINS_ONLY'].map((v) => (
          <MenuItem key={v} value={v}>
            {t(`settings.directory.visibilities.${v}`)}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={<Switch checked={form.showEmail} onChange={(e) => set({ showEmail: e.target.checked })} />}
        label={t('settings.directory.showEmail')}
      />
      <FormControlLabel
        control={<Switch checked={form.showPhone} onChange={(e) => set({ showPhone: e.target.checked })} />}
        label={t('settings.directory.showPhone')}
      />
      <FormControlLabel
        control={<Switch checked={form.allowMemberSearch} onChange={(e) => set({ allowMemberSearch: e.target.checked })} />}
        label={t('settings.directory.allowMemberSearch')}
      />
      <ProblemAlert error={error} />
      <Box>
        <Button variant="contained" onClick={() => void save()} disabled={busy}>
          {t('save')}
        </Button>
      </Box>
    </Box>
  );
}

const TABS = ['profile', 'branding', 'legal', 'directory'] as const;

/** The organisation's settings: profile, branding (logo, colours, previewed), legal pages, directory. */
export function SettingsPage() {
  const { t } = useTranslation('adminContent');
  const [tab, setTab] = useState(0);
  const name = TABS[tab] ?? TABS[0];
  return (
    <Screen title={t('settings.title')}>
      <Tabs value={tab} onChange={(_, v: number) => setTab(v)} aria-label={t('settings.title')} variant="scrollable" allowScrollButtonsMobile sx={{ mb: 2 }}>
        {TABS.map((n, i) => (
          <Tab key={n} label={t(`settings.tabs.${n}`)} id={`settings-tab-${i}`} aria-controls={`settings-panel-${i}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`settings-panel-${tab}`} aria-labelledby={`settings-tab-${tab}`}>
        {name === 'profile' ? <ProfileTab /> : name === 'branding' ? <BrandingTab /> : name === 'legal' ? <LegalTab /> : <DirectoryTab />}
      </Box>
    </Screen>
  );
}
