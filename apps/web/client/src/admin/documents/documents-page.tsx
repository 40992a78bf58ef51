import { useId, useRef, useState } from 'react';
import { useNotify } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Box,
  Button,
  IconButton,
  List,
  ListItemButton,
  ListItemText,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import FolderIcon from '@mui/icons-material/Folder';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/platform';
import { unwrapCall } from '../settings/kit/call';
import { formatBytes, formatDateTime } from '../settings/kit/format';
import { currentOrganisationId } from '../settings/kit/org';
import { EmptyState, LoadingState, Panel, ProblemAlert, ProgressBar, Screen, ScrollArea } from '../settings/kit/ui';
import { ACCESS_LEVELS, MAX_DOCUMENT_BYTES, flattenTree, folderTree, uploadProgress, type UploadProgress } from './upload-progress';
import { uploadWithProgress } from './upload-with-progress';

const org = () => ({ organizationId: currentOrganisationId() });

function FolderTree({ selected, onSelect }: { selected: string; onSelect: (id: string) => void }) {
  const { t } = useTranslation('adminContent');
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [error, setError] = useState<unknown>();
  const folders = useQuery({
    queryKey: ['content-admin', 'folders'],
    queryFn: () => unwrapCall(api.GET('/api/orgs/{organizationId}/document-folders', { params: { path: org() } })),
  });
  const nodes = flattenTree(folderTree(folders.data ?? []));
  const create = async () => {
    setError(undefined);
    try {
      await unwrapCall(
        api.POST('/api/orgs/{organizationId}/document-folders', { params: { path: org() }, body: { name: name.trim(), parentFolderId: selected || null } }),
      );
      setName('');
      await queryClient.invalidateQueries({ queryKey: ['content-admin', 'folders'] });
    } catch (failed) {
      setError(failed);
    }
  };
  const remove = async () => {
    const folder = nodes.find((n) => n.id === selected);
    if (!folder || !window.confirm(t('documents.folders.confirmDelete', { name: folder.name }))) return;
    setError(undefined);
    try {
      await unwrapCall(api.DELETE('/api/orgs/{organizationId}/document-folders/{folderId}', { params: { path: { ...org(), folderId: folder.id } } }));
      onSelect('');
      await queryClient.invalidateQueries({ queryKey: ['content-admin'] });
    } catch (failed) {
      setError(failed);
    }
  };
  return (
    <Panel title={t('documents.folders.title')}>
      <ProblemAlert error={error ?? folders.error} />
      {folders.isPending ? <LoadingState /> : null}
      <List dense component="nav" aria-label={t('documents.folders.title')}>
        <ListItemButton selected={selected === ''} onClick={() => onSelect('')} aria-current={selected === '' ? 'true' : undefined}>
          <FolderIcon fontSize="small" sx={{ mr: 1 }} aria-hidden />
          <ListItemText primary={t('documents.folders.all')} />
        </ListItemButton>
        {nodes.map((n) => (
          <ListItemButton
            key={n.id}
            selected={selected === n.id}
            onClick={() => onSelect(n.id)}
            sx={{ pl: 2 + n.depth * 2 }}
            aria-current={selected === n.id ? 'true' : undefined}
          >
            <FolderIcon fontSize="small" sx={{ mr: 1 }} aria-hidden />
            <ListItemText primary={n.name} sx={{ overflowWrap: 'anywhere' }} />
          </ListItemButton>
        ))}
      </List>
      {folders.isSuccess && nodes.length === 0 ? <EmptyState>{t('documents.folders.empty')}</EmptyState> : null}
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          size="small"
          label={selected ? t('documents.folders.newSub') : t('documents.folders.new')}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <Button onClick={() => void create()} disabled={!name.trim()}>
          {t('documents.folders.create')}
        </Button>
        {selected ? (
          <Button color="error" onClick={() => void remove()}>
            {t('documents.folders.delete')}
          </Button>
        ) : null}
      </Stack>
    </Panel>
  );
}

/** Choose a file, a name and an access level; the bar follows the bytes sent, 100 % once stored. */
function UploadForm({ folderId }: { folderId: string }) {
  const { t } = useTranslation('adminContent');
  const queryClient = useQueryClient();
  const notify = useNotify();
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File>();
  const [name, setName] = useState('');
  const [access, setAccess] = useState<(typeof ACCESS_LEVELS)[number]>('MEMBERS_ONLY');
  const [progress, setProgress] = useState<UploadProgress>();
  const [sending, setSending] = useState('');
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const abort = useRef<AbortController>(undefined);

  const tooLarge = file ? file.size > MAX_DOCUMENT_BYTES : false;
  const upload = async () => {
    if (!file) return;
    setBusy(true);
    setError(undefined);
    const started = Date.now();
    setSending(name.trim() || file.name);
    setProgress(uploadProgress(0, file.size, 0));
    abort.current = new AbortController();
    try {
      const form = new FormData();
      // The service reads the other fields before the file (they must come first).
      if (name.trim()) form.append('name', name.trim());
      if (folderId) form.append('folderId', folderId);
      form.append('access', access);
      form.append('file', file, file.name);
      await uploadWithProgress(
        `/api/orgs/${encodeURIComponent(currentOrganisationId())}/documents`,
        form,
        (loaded, total) => setProgress(uploadProgress(loaded, total || file.size, Date.now() - started)),
        abort.current.signal,
      );
      setProgress(uploadProgress(file.size, file.size, Date.now() - started, true));
      notify(t('documents.upload.done', { name: name.trim() || file.name }), { type: 'success' });
      setFile(undefined);
      setName('');
      if (fileInput.current) fileInput.current.value = '';
      await queryClient.invalidateQueries({ queryKey: ['content-admin', 'documents'] });
    } catch (failed) {
      setProgress(undefined);
      if (!(failed instanceof DOMException && failed.name === 'AbortError')) setError(failed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Panel title={t('documents.upload.title')}>
      <Stack sx={{ gap: 1.5, maxWidth: 520 }}>
        <Box>
          <label htmlFor={inputId}>{t('documents.upload.file')}</label>
          <br />
          <input
            id={inputId}
            ref={fileInput}
            type="file"
            onChange={(e) => {
              setFile(e.target.files?.[0]);
              setProgress(undefined);
            }}
            aria-describedby={`${inputId}-hint`}
          />
          <Typography id={`${inputId}-hint`} variant="body2" color={tooLarge ? 'error' : 'text.secondary'}>
            {tooLarge
              ? t('documents.upload.tooLarge', { max: formatBytes(MAX_DOCUMENT_BYTES) })
              : t('documents.upload.hint', { max: formatBytes(MAX_DOCUMENT_BYTES) })}
          </Typography>
        </Box>
        <TextField
          size="small"
          label={t('documents.upload.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          helperText={t('documents.upload.nameHint')}
        />
        <TextField select size="small" label={t('documents.fields.access')} value={access} onChange={(e) => setAccess(e.target.value as typeof access)}>
          {ACCESS_LEVELS.map((a) => (
            <MenuItem key={a} value={a}>
              {t(`documents.access.${a}`)}
            </MenuItem>
          ))}
        </TextField>
        <Stack direction="row" sx={{ gap: 1 }}>
          <Button variant="contained" onClick={() => void upload()} disabled={!file || tooLarge || busy}>
            {t('documents.upload.send')}
          </Button>
          {busy ? <Button onClick={() => abort.current?.abort()}>{t('documents.upload.cancel')}</Button> : null}
        </Stack>
        {progress ? (
          <Box role="status" aria-live="polite">
            <ProgressBar
              label={t(progress.percent === 100 ? 'documents.upload.finished' : 'documents.upload.progress', { name: sending })}
              percent={progress.percent}
            />
            <Typography variant="caption">
              {t('documents.upload.sent', { loaded: formatBytes(progress.loaded), total: formatBytes(progress.total) })}
              {progress.secondsLeft ? ` · ${t('documents.upload.left', { seconds: progress.secondsLeft })}` : ''}
            </Typography>
          </Box>
        ) : null}
        <ProblemAlert error={error} />
      </Stack>
    </Panel>
  );
}

function DocumentTable({ folderId }: { folderId: string }) {
  const { t } = useTranslation('adminContent');
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [error, setError] = useState<unknown>();
  const docs = useQuery({
    queryKey: ['content-admin', 'documents', folderId, search],
    queryFn: () =>
      unwrapCall(
        api.GET('/api/orgs/{organizationId}/documents', {
          params: { path: org(), query: { size: 100, ...(folderId ? { folderId } : {}), ...(search.trim() ? { search: search.trim() } : {}) } },
        }),
      ),
  });
  const remove = async (id: string, name: string) => {
    if (!window.confirm(t('documents.confirmDelete', { name }))) return;
    setError(undefined);
    try {
      await unwrapCall(api.DELETE('/api/orgs/{organizationId}/documents/{docId}', { params: { path: { ...org(), docId: id } } }));
      await queryClient.invalidateQueries({ queryKey: ['content-admin', 'documents'] });
    } catch (failed) {
      setError(failed);
    }
  };
  const rows = docs.data?.content ?? [];
  return (
    <Panel title={t('documents.list')}>
      <TextField size="small" label={t('documents.search')} value={search} onChange={(e) => setSearch(e.target.value)} sx={{ mb: 1 }} />
      <ProblemAlert error={error ?? docs.error} />
      {docs.isPending ? <LoadingState /> : null}
      {docs.isSuccess && rows.length === 0 ? <EmptyState>{t('documents.empty')}</EmptyState> : null}
      {rows.length ? (
        <ScrollArea label={t('documents.list')}>
          <Table size="small" aria-label={t('documents.list')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('documents.fields.name')}</TableCell>
                <TableCell>{t('documents.fields.access')}</TableCell>
                <TableCell>{t('documents.fields.size')}</TableCell>
                <TableCell>{t('documents.fields.createdAt')}</TableCell>
                <TableCell>
                  <span className="visually-hidden" style={{ position: 'absolute', left: -9999 }}>
                    {t('documents.actions')}
                  </span>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((d) => (
                <TableRow key={d.id}>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    {d.fileUrl ? (
                      <a href={d.fileUrl} target="_blank" rel="noreferrer">
                        {d.name}
                      </a>
                    ) : (
                      d.name
                    )}
                  </TableCell>
                  <TableCell>{d.access ? t(`documents.access.${d.access}`) : ''}</TableCell>
                  <TableCell>{formatBytes(d.fileSize)}</TableCell>
                  <TableCell>{formatDateTime(d.createdAt)}</TableCell>
                  <TableCell>
                    <IconButton aria-label={t('documents.deleteOf', { name: d.name })} onClick={() => void remove(d.id ?? '', d.name ?? '')}>
                      <DeleteIcon />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollArea>
      ) : null}
    </Panel>
  );
}

/** Documents: the folder tree, the chosen folder's documents, and the upload with its progress. */
export function DocumentsPage() {
  const { t } = useTranslation('adminContent');
  const [folderId, setFolderId] = useState('');
  return (
    <Screen title={t('documents.title')}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '280px minmax(0, 1fr)' }, gap: 3 }}>
        <FolderTree selected={folderId} onSelect={setFolderId} />
        <Box sx={{ minWidth: 0 }}>
          <UploadForm folderId={folderId} />
          <DocumentTable folderId={folderId} />
        </Box>
      </Box>
    </Screen>
  );
}
