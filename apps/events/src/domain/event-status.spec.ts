import { eventTransition } from './event-status';

describe('the event state table', () => {
  it('publishes a DRAFT only', () => {
    expect(eventTransition('DRAFT', 'publish')).toBe('PUBLISHED');
    for (const from of ['PUBLISHED', 'CANCELLED', 'COMPLETED']) {
      expect(() => eventTransition(from, 'publish')).toThrow(expect.objectContaining({ code: 'INVALID_TRANSITION' }));
    }
  });

  it('cancels a DRAFT or PUBLISHED event; CANCELLED and COMPLETED are final', () => {
    expect(eventTransition('DRAFT', 'cancel')).toBe('CANCELLED');
    expect(eventTransition('PUBLISHED', 'cancel')).toBe('CANCELLED');
    expect(() => eventTransition('CANCELLED', 'cancel')).toThrow(/cannot go from CANCELLED/);
    expect(() => eventTransition('COMPLETED', 'cancel')).toThrow(/cannot go from COMPLETED/);
  });

  it('completes a PUBLISHED event only', () => {
    expect(eventTransition('PUBLISHED', 'complete')).toBe('COMPLETED');
    expect(() => eventTransition('DRAFT', 'complete')).toThrow(/INVALID|cannot/);
  });
});
