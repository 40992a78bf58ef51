import { checkStorageConfig, providerOf, type StorageConfigInput } from './storage-config';

const input = (fields: Partial<StorageConfigInput>): StorageConfigInput => ({
  provider: 'S3',
  endpoint: '',
  region: '',
  bucket: 'documents',
  forcePathStyle: false,
  accessKey: '',
  objectStoreBucketName: '',
  objectStoreProjectId: '',
  organizationQuotaBytes: '0',
  ...fields,
});

describe('the storage configuration', () => {
  it('accepts the spellings of the system settings', () => {
    expect(providerOf('object-store')).toBe('OBJECT_STORE');
    expect(providerOf('local')).toBe('LOCAL');
    expect(providerOf('ftp')).toBeUndefined();
  });

  it('takes an S3-compatible target with a secret and a quota', () => {
    expect(
      checkStorageConfig(
        input({ endpoint: 'http://127.0.0.1:9000/', forcePathStyle: true, secretAccessKey: 's', accessKey: 'k', organizationQuotaBytes: '10485760' }),
      ),
    ).toMatchObject({
      provider: 'S3',
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'documents',
      forcePathStyle: true,
      secretAccessKey: 's',
      quotaBytes: 10485760,
    });
  });

  it('uses objectStoreBucketName and objectStoreProjectId for OBJECT_STORE', () => {
    expect(
      checkStorageConfig(input({ provider: 'OBJECT_STORE', bucket: '', objectStoreBucketName: 'assoc-files', objectStoreProjectId: 'my-project-1' })),
    ).toMatchObject({
      provider: 'OBJECT_STORE',
      bucket: 'assoc-files',
      objectStoreProjectId: 'my-project-1',
    });
  });

  it('keeps nothing of the remote settings for LOCAL', () => {
    expect(checkStorageConfig(input({ provider: 'LOCAL', bucket: '', endpoint: 'http://x', accessKey: 'k', secretAccessKey: 's' }))).toMatchObject({
      provider: 'LOCAL',
      endpoint: '',
      bucket: '',
      accessKeyId: '',
      secretAccessKey: '',
    });
  });

  it('refuses a missing bucket, a strange endpoint, an unknown provider and a tiny quota, naming the fields', () => {
    const fields = (fields: Partial<StorageConfigInput>) => {
      try {
        checkStorageConfig(input(fields));
        return [];
      } catch (err) {
        return (err as { violations: Array<{ field: string }> }).violations.map((v) => v.field);
      }
    };
    expect(fields({ bucket: '' })).toEqual(['bucket']);
    expect(fields({ endpoint: 'file:///etc' })).toEqual(['endpoint']);
    expect(fields({ endpoint: 'https://user:pw@s3.example' })).toEqual(['endpoint']);
    expect(fields({ provider: 'FTP' })).toEqual(['provider']);
    expect(fields({ organizationQuotaBytes: '1000' })).toEqual(['organizationQuotaBytes']);
    expect(fields({ provider: 'OBJECT_STORE', objectStoreBucketName: 'Bad_Name' })).toEqual(['objectStoreBucketName']);
  });
});
