import { storageConfigBody } from './storage-body';

describe('the storage configuration body', () => {
  const saved = {
    id: 'current',
    provider: 'LOCAL',
    endpoint: '',
    region: '',
    bucket: '',
    forcePathStyle: false,
    accessKey: '',
    secretAccessKeySet: false,
    objectStoreBucketName: '',
    objectStoreProjectId: '',
    organizationQuotaBytes: '5368709120',
    updatedAt: '',
    updatedBy: '',
  };

  it('sends every field of the configuration, the provider too when only the quota changed', () => {
    expect(storageConfigBody({ ...saved, organizationQuotaBytes: '1073741824' })).toEqual({
      provider: 'LOCAL',
      endpoint: '',
      region: '',
      bucket: '',
      forcePathStyle: false,
      accessKey: '',
      objectStoreBucketName: '',
      objectStoreProjectId: '',
      organizationQuotaBytes: '1073741824',
    });
  });

  it('keeps the saved secret when none is typed and sends a typed one', () => {
    expect(storageConfigBody({ ...saved, secretAccessKey: '' })).not.toHaveProperty('secretAccessKey');
    expect(storageConfigBody({ ...saved, secretAccessKey: 's3cret' })).toMatchObject({ secretAccessKey: 's3cret' });
  });
});
