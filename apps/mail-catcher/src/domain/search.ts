import type { StoredMessage } from './message-store';

/**
 * Mailpit's search, the part a developer needs: `to:addr`, `from:addr`, `subject:word` (quotes for
 * phrases), `is:read`/`is:unread`, and free words matched against subject, addresses and text.
 * Every term must match (case-insensitive); `-term` negates.
 */
export function matchesQuery(message: StoredMessage, query: string): boolean {
  const terms = [...query.matchAll(/(-?)(?:(\w+):)?("([^"]*)"|\S+)/g)].map((m) => ({
    negate: m[1] === '-',
    field: (m[2] ?? '').toLowerCase(),
    value: (m[4] ?? m[3] ?? '').replace(/^"|"$/g, '').toLowerCase(),
  }));
  const addresses = (list: Array<{ Name: string; Address: string }>) => list.map((m) => `${m.Name} ${m.Address}`.toLowerCase()).join(' ');
  return terms.every(({ negate, field, value }) => {
    let hit: boolean;
    switch (field) {
      case 'to':
        hit = addresses([...message.to, ...message.cc, ...message.bcc]).includes(value);
        break;
      case 'from':
        hit = addresses([message.from]).includes(value);
        break;
      case 'subject':
        hit = message.subject.toLowerCase().includes(value);
        break;
      case 'is':
        hit = value === 'read' ? message.read : value === 'unread' ? !message.read : false;
        break;
      default: {
        const all = `${message.subject} ${addresses([message.from, ...message.to, ...message.cc])} ${message.text} ${message.html}`.toLowerCase();
        hit = all.includes(field ? `${field}:${value}` : value);
      }
    }
    return negate ? !hit : hit;
  });
}
