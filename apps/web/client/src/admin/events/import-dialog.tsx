import { useId, useState } from 'react';
import { Button as RaButton, useRefresh } from 'react-admin';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, ListItemText, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/platform';
import { unwrapCall } from '../settings/kit/call';
import { currentOrganisationId } from '../settings/kit/org';
import { ProblemAlert } from '../settings/kit/ui';
import { IMPORT_TEMPLATE_HEADER, checkImportFile, summariseImport, type ImportReport } from './import-report';

/** "Import CSV" on the events list: choose a file, send it, read the per-row report. */
export function ImportEventsButton() {
  const { t } = useTranslation('adminContent');
  const [open, setOpen] = useState(false);
  return (
    <>
      <RaButton label={t('events.import.open')} onClick={() => setOpen(true)}>
        <UploadFileIcon />
      </RaButton>
      {open ? <ImportDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function ImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('adminContent');
  const refresh = useRefresh();
  const inputId = useId();
  const [file, setFile] = useState<File>();
  const [fileError, setFileError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const [report, setReport] = useState<ImportReport>();
  const summary = report ? summariseImport(report) : undefined;

  const choose = (chosen: File | undefined) => {
    setReport(undefined);
    setError(undefined);
    setFile(chosen);
    const check = chosen ? checkImportFile(chosen) : 'ok';
    setFileError(check === 'ok' ? undefined : t(`events.import.${check === 'size' ? 'tooLarge' : 'notCsv'}`));
  };

  const send = async () => {
    if (!file) return;
    setBusy(true);
    setError(undefined);
    try {
      const form = new FormData();
      form.append('file', file, file.name);
      const answer = await unwrapCall(
        api.POST('/api/orgs/{organizationId}/events/import', {
          params: { path: { organizationId: currentOrganisationId() } },
          body: form as unknown as { file: string },
        }),
      );
      setReport(answer);
      refresh();
    } catch (failed) {
      setError(failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby={`${inputId}-title`}>
      <DialogTitle id={`${inputId}-title`}>{t('events.import.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('events.import.help')}
        </Typography>
        <Typography component="code" variant="body2" sx={{ display: 'block', overflowWrap: 'anywhere', mb: 2 }}>
          {IMPORT_TEMPLATE_HEADER}
        </Typography>
        <Box sx={{ mb: 2 }}>
          <label htmlFor={inputId}>{t('events.import.file')}</label>
          <br />
          <input id={inputId} type="file" accept=".csv,text/csv" onChange={(e) => choose(e.target.files?.[0])} aria-invalid={fileError ? true : undefined} />
          {fileError ? (
            <Typography color="error" role="alert" variant="body2">
              {fileError}
            </Typography>
          ) : null}
        </Box>
        <ProblemAlert error={error} />
        {summary ? (
          <Box role="status" aria-live="polite" data-testid="import-report">
            <Alert severity={summary.clean ? 'success' : 'warning'}>
              {t('events.import.result', { imported: summary.imported, total: summary.totalRows, rejected: summary.rejectedCount })}
            </Alert>
            {summary.rejected.length ? (
              <List dense aria-label={t('events.import.rejectedRows')}>
                {summary.rejected.map((row) => (
                  <ListItem key={row.line} disableGutters>
                    <ListItemText primary={t('events.import.line', { line: row.line })} secondary={row.reasons.join(' · ')} />
                  </ListItem>
                ))}
              </List>
            ) : null}
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('close')}</Button>
        <Button variant="contained" onClick={send} disabled={!file || Boolean(fileError) || busy}>
          {busy ? t('events.import.sending') : t('events.import.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
