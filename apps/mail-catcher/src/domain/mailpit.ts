import type { MimeAttachment } from './mime';
import type { StoredMessage } from './message-store';

/** The Mailpit API v1 JSON subset this catcher answers (names and casing as Mailpit's). */
export interface MessageSummary {
  ID: string;
  MessageID: string;
  Read: boolean;
  From: { Name: string; Address: string };
  To: Array<{ Name: string; Address: string }>;
  Cc: Array<{ Name: string; Address: string }>;
  Bcc: Array<{ Name: string; Address: string }>;
  ReplyTo: Array<{ Name: string; Address: string }>;
  Subject: string;
  Created: string;
  Tags: string[];
  Size: number;
  Attachments: number;
  Snippet: string;
}

const SNIPPET_LENGTH = 250;

/** The start of the text (or of the HTML without its tags), one line, at most 250 characters. */
export function snippetOf(message: Pick<StoredMessage, 'text' | 'html'>): string {
  const source = message.text || message.html.replace(/<(style|script)[^>]*>[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]+>/g, ' ');
  const flat = source.replace(/\s+/g, ' ').trim();
  return flat.length > SNIPPET_LENGTH ? `${flat.slice(0, SNIPPET_LENGTH)}...` : flat;
}

export function summaryOf(m: StoredMessage): MessageSummary {
  return {
    ID: m.id,
    MessageID: m.messageId,
    Read: m.read,
    From: m.from,
    To: m.to,
    Cc: m.cc,
    Bcc: m.bcc,
    ReplyTo: m.replyTo,
    Subject: m.subject,
    Created: m.received.toISOString(),
    Tags: [],
    Size: m.raw.length,
    Attachments: m.attachments.length,
    Snippet: snippetOf(m),
  };
}

const attachmentOf = (a: MimeAttachment, index: number) => ({
  PartID: String(index + 2),
  FileName: a.fileName,
  ContentType: a.contentType,
  ContentID: a.contentId,
  Size: a.size,
});

export function detailOf(m: StoredMessage) {
  return {
    ID: m.id,
    MessageID: m.messageId,
    From: m.from,
    To: m.to,
    Cc: m.cc,
    Bcc: m.bcc,
    ReplyTo: m.replyTo,
    ReturnPath: m.returnPath,
    Subject: m.subject,
    Date: (m.date ?? m.received).toISOString(),
    Tags: [],
    Text: m.text,
    HTML: m.html,
    Size: m.raw.length,
    Inline: m.inline.map(attachmentOf),
    Attachments: m.attachments.map(attachmentOf),
  };
}

/** The envelope of `GET /api/v1/messages` and `/api/v1/search`. */
export function listOf(page: StoredMessage[], totals: { total: number; unread: number; matched: number; matchedUnread: number; start: number }) {
  return {
    total: totals.total,
    unread: totals.unread,
    count: page.length,
    messages_count: totals.matched,
    messages_unread: totals.matchedUnread,
    start: totals.start,
    tags: [],
    messages: page.map(summaryOf),
  };
}
