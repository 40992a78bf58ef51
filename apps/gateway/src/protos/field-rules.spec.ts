import { isUuid, isUuidField, maxLengthOf } from './field-rules';

describe('field rules', () => {
  it.each(['id', 'organizationId', 'roleId', 'accountIds', 'organization_id', 'parentFolderId'])('treats %s as a UUID', (name) => {
    expect(isUuidField(name)).toBe(true);
  });

  it.each(['externalId', 'questionId', 'objectStoreProjectId', 'paid', 'valid', 'android', 'slug'])('does not treat %s as a UUID', (name) => {
    expect(isUuidField(name)).toBe(false);
  });

  it.each([
    ['name', 100],
    ['firstName', 100],
    ['username', 100],
    ['email', 254],
    ['ownerEmail', 254],
    ['password', 128],
    ['newPassword', 128],
    ['slug', 63],
    ['refreshToken', 4096],
    ['logoUrl', 2048],
    ['content', 1024 * 1024],
    ['message', 2000],
    ['search', 2000],
  ])('limits %s to %i characters', (name, max) => {
    expect(maxLengthOf(name)).toBe(max);
  });

  it('recognises UUIDs of any version, in either case', () => {
    expect(isUuid('0B7C5A8E-1D1F-4A51-9F0E-6F2D8B9F5C11')).toBe(true);
    expect(isUuid('0b7c5a8e1d1f4a519f0e6f2d8b9f5c11')).toBe(false);
  });
});
