import { useMemo, useState } from 'react';
import {
  BooleanInput,
  Create,
  Datagrid,
  DateTimeInput,
  Edit,
  EditButton,
  FunctionField,
  List,
  SelectInput,
  Show,
  SimpleForm,
  SimpleList,
  TextField,
  TextInput,
  TopToolbar,
  required,
  useNotify,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Box, Button, Chip, List as MuiList, ListItem, ListItemText, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/platform';
import { unwrapCall } from '../settings/kit/call';
import { formatDateTime, fromLocalInput, toLocalInput } from '../settings/kit/format';
import { currentOrganisationId } from '../settings/kit/org';
import { CONTAIN_SX, EmptyState, LoadingState, ProblemAlert } from '../settings/kit/ui';
import {
  ARTICLE_STATUSES,
  articleToForm,
  flattenComments,
  formToCreateBody,
  formToUpdateBody,
  visibility,
  type Article,
  type ArticleFormValues,
} from './article-body';
import { RichTextInput } from './rich-text-input';

function ArticleStatus({ article }: { article: Article }) {
  const { t } = useTranslation('adminContent');
  const state = visibility(article);
  const color = state === 'visible' ? 'success' : state === 'scheduled' ? 'info' : 'default';
  return (
    <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
      <Chip size="small" color={color} label={t(`news.visibility.${state}`)} />
      {article.membersOnly ? <Chip size="small" variant="outlined" label={t('news.membersOnly')} /> : null}
    </Stack>
  );
}

/** Articles, newest first, filtered by status and title words. */
export function NewsList() {
  const { t } = useTranslation('adminContent');
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const filters = [
    <TextInput key="search" source="search" label={t('news.search')} alwaysOn />,
    <SelectInput
      key="status"
      source="status"
      label={t('news.fields.status')}
      choices={ARTICLE_STATUSES.map((id) => ({ id, name: t(`news.status.${id}`) }))}
      alwaysOn
    />,
  ];
  return (
    <List title={t('news.title')} filters={filters} sort={{ field: 'publishedAt', order: 'DESC' }} empty={false}>
      {phone ? (
        <SimpleList<Article & { id: string }>
          primaryText={(r) => r.title ?? ''}
          secondaryText={(r) => t(`news.visibility.${visibility(r)}`)}
          tertiaryText={(r) => formatDateTime(r.publishedAt ?? r.createdAt)}
          linkType="show"
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false} empty={<p className="empty">{t('news.empty')}</p>}>
          <TextField source="title" label={t('news.fields.title')} />
          <FunctionField<Article> label={t('news.fields.status')} sortable={false} render={(r) => <ArticleStatus article={r} />} />
          <FunctionField<Article> source="publishedAt" label={t('news.fields.publishedAt')} render={(r) => formatDateTime(r.publishedAt)} />
          <FunctionField<Article> source="viewCount" label={t('news.fields.viewCount')} render={(r) => String(r.viewCount ?? 0)} />
          <EditButton />
        </Datagrid>
      )}
    </List>
  );
}

function ArticleForm({ record }: { record?: ArticleFormValues }) {
  const { t } = useTranslation('adminContent');
  return (
    <SimpleForm record={record}>
      <TextInput source="title" label={t('news.fields.title')} validate={required()} fullWidth />
      <RichTextInput source="content" label={t('news.fields.content')} validate={required()} />
      <TextInput source="excerpt" label={t('news.fields.excerpt')} helperText={t('news.excerptHint')} multiline fullWidth />
      <TextInput source="tagsText" label={t('news.fields.tags')} helperText={t('news.tagsHint')} fullWidth />
      <TextInput source="category" label={t('news.fields.category')} />
      <TextInput source="coverImageUrl" label={t('news.fields.coverImageUrl')} type="url" fullWidth />
      <BooleanInput source="membersOnly" label={t('news.fields.membersOnly')} />
      <DateTimeInput
        source="scheduledAt"
        label={t('news.fields.scheduledAt')}
        helperText={t('news.scheduleHint')}
        format={toLocalInput}
        parse={(v: string) => fromLocalInput(v) ?? null}
      />
    </SimpleForm>
  );
}

export function NewsCreate() {
  const { t } = useTranslation('adminContent');
  return (
    <Create sx={CONTAIN_SX} title={t('news.createTitle')} transform={(values: ArticleFormValues) => formToCreateBody(values)} redirect="show">
      <ArticleForm />
    </Create>
  );
}

function NewsEditForm() {
  const record = useRecordContext<Article>();
  const values = useMemo(() => (record ? articleToForm(record) : undefined), [record]);
  return <ArticleForm record={values} />;
}

export function NewsEdit() {
  const { t } = useTranslation('adminContent');
  return (
    <Edit
      sx={CONTAIN_SX}
      title={t('news.editTitle')}
      mutationMode="pessimistic"
      redirect="show"
      transform={(values: ArticleFormValues, options?: { previousData?: Article }) => formToUpdateBody(values, options?.previousData)}
    >
      <NewsEditForm />
    </Edit>
  );
}

/** Publish (DRAFT), archive (DRAFT or PUBLISHED), unarchive (ARCHIVED), edit. */
function ArticleActions() {
  const { t } = useTranslation('adminContent');
  const record = useRecordContext<Article>();
  const refresh = useRefresh();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  if (!record?.id) return null;
  const path = { organizationId: currentOrganisationId(), articleId: record.id };
  const run = async (action: 'publish' | 'archive' | 'unarchive') => {
    setBusy(true);
    setError(undefined);
    try {
      if (action === 'publish') await unwrapCall(api.POST('/api/orgs/{organizationId}/news/{articleId}/publish', { params: { path }, body: {} }));
      if (action === 'archive') await unwrapCall(api.POST('/api/orgs/{organizationId}/news/{articleId}/archive', { params: { path }, body: {} }));
      if (action === 'unarchive') await unwrapCall(api.POST('/api/orgs/{organizationId}/news/{articleId}/unarchive', { params: { path }, body: {} }));
      notify(t(`news.done.${action}`), { type: 'success' });
      refresh();
    } catch (failed) {
      setError(failed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      {record.status === 'DRAFT' ? (
        <Button variant="contained" disabled={busy} onClick={() => void run('publish')}>
          {record.scheduledAt && new Date(record.scheduledAt) > new Date() ? t('news.publishScheduled') : t('news.publish')}
        </Button>
      ) : null}
      {record.status !== 'ARCHIVED' ? (
        <Button disabled={busy} onClick={() => void run('archive')}>
          {t('news.archive')}
        </Button>
      ) : (
        <Button disabled={busy} onClick={() => void run('unarchive')}>
          {t('news.unarchive')}
        </Button>
      )}
      <EditButton />
      <Box sx={{ width: '100%' }}>
        <ProblemAlert error={error} />
      </Box>
    </TopToolbar>
  );
}

/** The article's comments as a thread, each deletable (moderation). */
function Comments({ articleId }: { articleId: string }) {
  const { t } = useTranslation('adminContent');
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [error, setError] = useState<unknown>();
  const key = ['content-admin', 'comments', articleId];
  const query = useQuery({
    queryKey: key,
    queryFn: () =>
      unwrapCall(
        api.GET('/api/orgs/{organizationId}/news/{articleId}/comments', {
          params: { path: { organizationId: currentOrganisationId(), articleId }, query: { size: 100 } },
        }),
      ),
  });
  const remove = async (commentId: string) => {
    if (!window.confirm(t('news.comments.confirmDelete'))) return;
    setError(undefined);
    try {
      await unwrapCall(
        api.DELETE('/api/orgs/{organizationId}/news/{articleId}/comments/{commentId}', {
          params: { path: { organizationId: currentOrganisationId(), articleId, commentId } },
        }),
      );
      notify(t('news.comments.deleted'), { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: key });
    } catch (failed) {
      setError(failed);
    }
  };
  const comments = flattenComments(query.data?.content);
  return (
    <Box component="section" sx={{ mt: 3 }}>
      <Typography component="h2" variant="h6">
        {t('news.comments.title')}
      </Typography>
      <ProblemAlert error={error ?? query.error} />
      {query.isPending ? <LoadingState /> : null}
      {query.isSuccess && comments.length === 0 ? <EmptyState>{t('news.comments.empty')}</EmptyState> : null}
      <MuiList dense>
        {comments.map((c) => (
          <ListItem
            key={c.id}
            sx={{ pl: 2 + c.level * 3, alignItems: 'flex-start' }}
            secondaryAction={
              c.deleted ? null : (
                <Button size="small" color="error" onClick={() => void remove(c.id ?? '')} aria-label={t('news.comments.deleteOf', { author: c.authorName })}>
                  {t('news.comments.delete')}
                </Button>
              )
            }
          >
            <ListItemText
              primary={c.deleted ? t('news.comments.deletedPlaceholder') : c.content}
              secondary={c.deleted ? undefined : `${c.authorName ?? ''} · ${formatDateTime(c.createdAt)}`}
              sx={{ pr: 10, overflowWrap: 'anywhere' }}
            />
          </ListItem>
        ))}
      </MuiList>
    </Box>
  );
}

function ArticleDetail() {
  const { t } = useTranslation('adminContent');
  const record = useRecordContext<Article>();
  if (!record?.id) return null;
  return (
    <Box sx={{ p: 2 }}>
      <Typography component="h1" variant="h5" sx={{ overflowWrap: 'anywhere' }}>
        {record.title}
      </Typography>
      <ArticleStatus article={record} />
      <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
        {record.publishedAt ? t('news.publishedAtValue', { at: formatDateTime(record.publishedAt) }) : t('news.notPublished')}
        {record.tags?.length ? ` · ${record.tags.join(', ')}` : ''}
      </Typography>
      {/* The content service's sanitised HTML (its ARTICLE allow-list): safe to show as it is. */}
      <Box
        className="article-content"
        data-testid="article-content"
        sx={{ overflowWrap: 'anywhere', '& img': { maxWidth: '100%' } }}
        dangerouslySetInnerHTML={{ __html: record.content ?? '' }}
      />
      <Comments articleId={record.id} />
    </Box>
  );
}

export function NewsShow() {
  const { t } = useTranslation('adminContent');
  return (
    <Show sx={CONTAIN_SX} title={t('news.showTitle')} actions={<ArticleActions />}>
      <ArticleDetail />
    </Show>
  );
}
