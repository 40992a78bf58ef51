import { mergeSubjects } from './merge-subjects';

describe('mergeSubjects', () => {
  it('keeps the stream as it is when it already covers every wanted subject', () => {
    expect(mergeSubjects(['identity.>', 'audit.>'], ['identity.user.registered', 'audit.>'])).toEqual({
      subjects: ['identity.>', 'audit.>'],
      changed: false,
    });
  });

  it('adds subjects that are new, once', () => {
    expect(mergeSubjects(['identity.>'], ['identity.>', 'storage.>', 'storage.>'])).toEqual({
      subjects: ['identity.>', 'storage.>'],
      changed: true,
    });
  });

  it('replaces narrower subjects by a wider wanted one, and never drops others', () => {
    expect(mergeSubjects(['identity.user.>', 'audit.>'], ['identity.>', 'identity.user.registered'])).toEqual({
      subjects: ['audit.>', 'identity.>'],
      changed: true,
    });
  });
});
