import { checkNotification, notificationBody } from './notification-form';

describe('the notification form', () => {
  it('asks for a title, a body and the target of its kind', () => {
    expect(checkNotification({ title: ' ', body: '', targetType: 'ROLE' })).toEqual({ title: 'required', body: 'required', targetRole: 'required' });
    expect(checkNotification({ title: 'Hi', body: 'x', targetType: 'SPECIFIC_USER', targetUserId: 'nope' })).toEqual({ targetUserId: 'userId' });
    expect(checkNotification({ title: 'Hi', body: 'x', targetType: 'ALL_MEMBERS' })).toEqual({});
  });

  it('sends only the fields of the chosen target', () => {
    expect(notificationBody({ title: ' Hi ', body: ' There ', targetType: 'ALL_MEMBERS', targetRole: 'ADMIN', membersOnly: true })).toEqual({
      title: 'Hi',
      body: 'There',
      targetType: 'ALL_MEMBERS',
      data: { membersOnly: true },
    });
    expect(notificationBody({ title: 'a', body: 'b', targetType: 'ROLE', targetRole: 'MANAGER' })).toEqual({
      title: 'a',
      body: 'b',
      targetType: 'ROLE',
      targetRole: 'MANAGER',
    });
  });
});
