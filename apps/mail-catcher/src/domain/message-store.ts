import { randomUUID } from 'node:crypto';
import { parseAddressList, type Mailbox } from './addresses';
import { headerValue, parseMessage, type MimeAttachment } from './mime';

/** One message as received: what the envelope said, the source, and what the source says. */
export interface StoredMessage {
  id: string;
  received: Date;
  envelopeFrom: string;
  envelopeTo: string[];
  raw: Buffer;
  messageId: string;
  from: Mailbox;
  to: Mailbox[];
  cc: Mailbox[];
  bcc: Mailbox[];
  replyTo: Mailbox[];
  returnPath: string;
  subject: string;
  date: Date | null;
  text: string;
  html: string;
  attachments: MimeAttachment[];
  inline: MimeAttachment[];
  read: boolean;
}

/** A received message read into its parts. Envelope recipients missing from To and Cc are its Bcc. */
export function storedMessage(raw: Buffer, envelope: { from: string; to: string[] }, received: Date, id: string = randomUUID()): StoredMessage {
  const parsed = parseMessage(raw);
  const header = (name: string) => headerValue(parsed.headers, name);
  const to = parseAddressList(header('to'));
  const cc = parseAddressList(header('cc'));
  const shown = new Set([...to, ...cc].map((m) => m.Address.toLowerCase()));
  const date = header('date') ? new Date(header('date')) : null;
  return {
    id,
    received,
    envelopeFrom: envelope.from,
    envelopeTo: envelope.to,
    raw,
    messageId: header('message-id').replace(/^<|>$/g, ''),
    from: parseAddressList(header('from'))[0] ?? { Name: '', Address: envelope.from },
    to,
    cc,
    bcc: envelope.to.filter((a) => !shown.has(a.toLowerCase())).map((a) => ({ Name: '', Address: a })),
    replyTo: parseAddressList(header('reply-to')),
    returnPath: envelope.from,
    subject: header('subject'),
    date: date && !Number.isNaN(date.getTime()) ? date : null,
    text: parsed.text,
    html: parsed.html,
    attachments: parsed.attachments,
    inline: parsed.inline,
    read: false,
  };
}

/**
 * The messages received, newest first, in memory. Beyond `capacity` the oldest go, so a long-running
 * development machine never fills up.
 */
export class MessageStore {
  private readonly messages: StoredMessage[] = [];

  constructor(readonly capacity: number) {}

  add(message: StoredMessage): void {
    this.messages.unshift(message);
    if (this.messages.length > this.capacity) this.messages.length = this.capacity;
  }

  /** Newest first. */
  all(): readonly StoredMessage[] {
    return this.messages;
  }

  /** By id, or the newest for `latest` (as Mailpit). */
  get(id: string): StoredMessage | undefined {
    return id === 'latest' ? this.messages[0] : this.messages.find((m) => m.id === id);
  }

  /** Deletes the given messages, or all when no ids are given. Answers how many went. */
  delete(ids?: string[]): number {
    if (!ids || ids.length === 0) {
      const count = this.messages.length;
      this.messages.length = 0;
      return count;
    }
    const wanted = new Set(ids);
    let removed = 0;
    for (let i = this.messages.length - 1; i >= 0; i--) {
      if (wanted.has((this.messages[i] as StoredMessage).id)) {
        this.messages.splice(i, 1);
        removed++;
      }
    }
    return removed;
  }

  unread(): number {
    return this.messages.filter((m) => !m.read).length;
  }
}
