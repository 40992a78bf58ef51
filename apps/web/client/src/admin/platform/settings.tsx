import { useTranslation } from 'react-i18next';
import {
  BooleanInput,
  Edit,
  HttpError,
  NumberInput,
  PasswordInput,
  SelectInput,
  SimpleForm,
  TextInput,
  minValue,
  useDataProvider,
  useNotify,
  useRefresh,
} from 'react-admin';
import { Typography } from '@mui/material';
import { useLoadError } from '../core/use-load-error';
import { storageConfigBody } from './storage-body';

const ROTATION = ['CREATE_NEW', 'UPDATE_EXISTING', 'LIMIT_PER_DEVICE', 'LIMIT_TOTAL'];
const STORAGE = ['LOCAL', 'S3', 'OBJECT_STORE'];

/** The platform's settings: one record, read and saved whole (`id` "current"). */
export function SystemSettingsPage() {
  const { t } = useTranslation('admin');
  const onError = useLoadError();
  return (
    <Edit resource="system-settings" id="current" queryOptions={{ onError }} mutationMode="pessimistic" redirect={false} title={t('platform.settings.title')}>
      <SimpleForm>
        <BooleanInput source="allowPublicRegistration" />
        <NumberInput source="maxOrganisationsPerUser" validate={minValue(0)} />
        <SelectInput source="defaultStorageProvider" choices={['local', 's3', 'object-store'].map((id) => ({ id, name: id }))} />
        <SelectInput source="tokenRotationStrategy" choices={ROTATION.map((id) => ({ id, name: t(`platform.settings.rotation.${id}`) }))} />
        <NumberInput source="maxActiveTokensPerUser" validate={minValue(1)} />
      </SimpleForm>
    </Edit>
  );
}

/**
 * Saves the storage configuration whole (its PUT replaces it; the console's data provider sends only
 * the changed fields), the platform's field errors back onto the form.
 */
function useSaveStorageConfig() {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  return async (values: Record<string, unknown>) => {
    try {
      await dataProvider.update('storage-config', { id: 'current', data: storageConfigBody(values), previousData: { id: 'current' } });
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
      return error instanceof HttpError ? (error.body as { errors?: Record<string, unknown> } | undefined)?.errors : undefined;
    }
    notify('ra.notification.updated', { type: 'info', messageArgs: { smart_count: 1 } });
    refresh();
    return undefined;
  };
}

/** Where documents are kept (the secret is write-only: empty keeps it). */
export function StorageConfigPage() {
  const { t } = useTranslation('admin');
  const onError = useLoadError();
  const save = useSaveStorageConfig();
  return (
    <Edit resource="storage-config" id="current" queryOptions={{ onError }} mutationMode="pessimistic" redirect={false} title={t('platform.storage.title')}>
      <SimpleForm onSubmit={save}>
        <Typography variant="body2">{t('platform.storage.help')}</Typography>
        <SelectInput source="provider" choices={STORAGE.map((id) => ({ id, name: t(`platform.storage.provider.${id}`) }))} />
        <TextInput source="endpoint" />
        <TextInput source="region" />
        <TextInput source="bucket" />
        <BooleanInput source="forcePathStyle" />
        <TextInput source="accessKey" />
        <PasswordInput source="secretAccessKey" autoComplete="new-password" />
        <TextInput source="objectStoreBucketName" />
        <TextInput source="objectStoreProjectId" />
        <TextInput source="organizationQuotaBytes" />
      </SimpleForm>
    </Edit>
  );
}
