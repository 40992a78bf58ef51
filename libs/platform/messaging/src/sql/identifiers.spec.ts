import { outboxChannel, outboxTable, processedTable, quoteIdent } from './identifiers';

describe('SQL identifiers', () => {
  it('quotes identifiers so any schema name is safe', () => {
    expect(quoteIdent('identity')).toBe('"identity"');
    expect(quoteIdent('we"ird')).toBe('"we""ird"');
    expect(() => quoteIdent('')).toThrow();
    expect(outboxTable('identity')).toBe('"identity".outbox_event');
    expect(processedTable('identity')).toBe('"identity".processed_message');
  });

  it('derives the channel from the schema, within the 63-byte identifier limit', () => {
    expect(outboxChannel('identity')).toBe('outbox_identity');
    const long = 's'.repeat(63);
    expect(outboxChannel(long)).toMatch(/^outbox_[0-9a-f]{40}$/);
    expect(outboxChannel(long)).not.toBe(outboxChannel('t'.repeat(63)));
  });
});
