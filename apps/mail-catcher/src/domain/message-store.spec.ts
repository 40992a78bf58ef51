import { parseAddressList } from './addresses';
import { detailOf, snippetOf, summaryOf } from './mailpit';
import { MessageStore, storedMessage } from './message-store';
import { matchesQuery } from './search';

const raw = (subject: string, to = 'Bob <bob@x.test>') =>
  Buffer.from(
    `From: "Lee, Ann" <ann@x.test>\r\nTo: ${to}\r\nCc: carl@x.test\r\nSubject: ${subject}\r\nMessage-ID: <m1@x.test>\r\nDate: Sat, 21 Nov 2026 10:00:00 +0000\r\n\r\nHello ${subject}\r\n`,
  );
const at = new Date('2026-11-21T10:00:01Z');

describe('received messages', () => {
  it('parses address lists with quoted names, commas and groups', () => {
    expect(parseAddressList('"Lee, Ann" <ann@x.test>, bob@x.test, Team: carl@x.test, dee@x.test;')).toEqual([
      { Name: 'Lee, Ann', Address: 'ann@x.test' },
      { Name: '', Address: 'bob@x.test' },
      { Name: '', Address: 'carl@x.test' },
      { Name: '', Address: 'dee@x.test' },
    ]);
  });

  it('shows envelope recipients missing from To and Cc as Bcc, in the Mailpit shapes', () => {
    const message = storedMessage(raw('one'), { from: 'bounce@x.test', to: ['bob@x.test', 'carl@x.test', 'hidden@x.test'] }, at, 'id-1');
    expect(summaryOf(message)).toEqual({
      ID: 'id-1',
      MessageID: 'm1@x.test',
      Read: false,
      From: { Name: 'Lee, Ann', Address: 'ann@x.test' },
      To: [{ Name: 'Bob', Address: 'bob@x.test' }],
      Cc: [{ Name: '', Address: 'carl@x.test' }],
      Bcc: [{ Name: '', Address: 'hidden@x.test' }],
      ReplyTo: [],
      Subject: 'one',
      Created: '2026-11-21T10:00:01.000Z',
      Tags: [],
      Size: message.raw.length,
      Attachments: 0,
      Snippet: 'Hello one',
    });
    expect(detailOf(message)).toMatchObject({
      ID: 'id-1',
      ReturnPath: 'bounce@x.test',
      Date: '2026-11-21T10:00:00.000Z',
      Text: 'Hello one\r\n',
      HTML: '',
      Inline: [],
      Attachments: [],
    });
  });

  it('keeps the newest first, up to its capacity, and deletes some or all', () => {
    const store = new MessageStore(2);
    for (const [i, subject] of ['a', 'b', 'c'].entries()) store.add(storedMessage(raw(subject), { from: '', to: [] }, at, `id-${i}`));
    expect(store.all().map((m) => m.subject)).toEqual(['c', 'b']);
    expect(store.get('latest')?.subject).toBe('c');
    expect(store.delete(['id-1'])).toBe(1);
    expect(store.all().map((m) => m.id)).toEqual(['id-2']);
    expect(store.delete()).toBe(1);
    expect(store.unread()).toBe(0);
  });

  it('searches by recipient, sender, subject, read state and words', () => {
    const message = storedMessage(raw('Your reset code', 'bob@x.test'), { from: '', to: ['bob@x.test'] }, at);
    expect(matchesQuery(message, 'to:bob@x.test')).toBe(true);
    expect(matchesQuery(message, 'to:ann@x.test')).toBe(false);
    expect(matchesQuery(message, 'from:ann subject:"reset code"')).toBe(true);
    expect(matchesQuery(message, 'hello -subject:invite is:unread')).toBe(true);
    expect(matchesQuery(message, 'is:read')).toBe(false);
  });

  it('makes a one-line snippet of at most 250 characters, from the HTML when there is no text', () => {
    expect(snippetOf({ text: '', html: '<style>p{}</style><p>Hi\n  there</p>' })).toBe('Hi there');
    expect(snippetOf({ text: 'x'.repeat(300), html: '' })).toBe(`${'x'.repeat(250)}...`);
  });
});
