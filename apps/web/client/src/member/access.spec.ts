import { canAdminister, canEditProfile, canRegisterForEvents, pagesFor } from './access';

describe('what each role is offered', () => {
  it('offers every page to members and staff, news and events (and inbox, profile) to guests', () => {
    for (const role of ['OWNER', 'ADMIN', 'MANAGER', 'MEMBER'])
      expect(pagesFor(role).map((p) => p.page)).toEqual(['home', 'news', 'events', 'documents', 'directory', 'inbox', 'profile']);
    expect(pagesFor('GUEST').map((p) => p.page)).toEqual(['home', 'news', 'events', 'inbox', 'profile']);
    expect(pagesFor(undefined).map((p) => p.page)).not.toContain('documents');
  });

  it('links the console for OWNER, ADMIN and MANAGER; registration for members; profile edits for ORG:MEMBER:UPDATE holders', () => {
    expect(['OWNER', 'ADMIN', 'MANAGER', 'MEMBER', 'GUEST'].map(canAdminister)).toEqual([true, true, true, false, false]);
    expect(['OWNER', 'ADMIN', 'MANAGER', 'MEMBER', 'GUEST'].map(canRegisterForEvents)).toEqual([true, true, true, true, false]);
    expect(['OWNER', 'ADMIN', 'MANAGER', 'MEMBER', 'GUEST'].map(canEditProfile)).toEqual([true, true, false, false, false]);
  });
});
