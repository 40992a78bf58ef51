/**
 * The stack's mail catcher (Mailpit-style API, as apps/platform-e2e/src/mail.ts reads it): the
 * emails the platform really sent, and the links in them, for browser tests that follow them.
 */
export interface CaughtMail {
  id: string;
  subject: string;
  text: string;
  html: string;
}

interface Listing {
  messages: Array<{ ID: string; Subject: string; To: Array<{ Address: string }> }>;
}

/** The newest email to `address` whose subject contains `subjectIncludes`, waiting for it (and skipping the ids in `seen`). */
export async function mailTo(
  mailUrl: string,
  address: string,
  subjectIncludes = '',
  options: { timeoutMs?: number; seen?: Set<string> } = {},
): Promise<CaughtMail> {
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  while (Date.now() < deadline) {
    const list = (await (await fetch(`${mailUrl}/api/v1/messages`)).json()) as Listing;
    const found = list.messages.find(
      (m) => m.To.some((t) => t.Address.toLowerCase() === address.toLowerCase()) && m.Subject.includes(subjectIncludes) && !options.seen?.has(m.ID),
    );
    if (found) {
      const message = (await (await fetch(`${mailUrl}/api/v1/message/${found.ID}`)).json()) as { Subject: string; Text: string; HTML: string };
      options.seen?.add(found.ID);
      return { id: found.ID, subject: message.Subject, text: message.Text, html: message.HTML };
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`no mail to ${address} containing "${subjectIncludes}" within ${options.timeoutMs ?? 15_000} ms`);
}

/** Every link (`href`) of an email's HTML, entities decoded, in order and without repeats. */
export function linksIn(mail: CaughtMail): string[] {
  const html = mail.html.replace(/=\r?\n/g, '');
  const links = [...html.matchAll(/href="([^"]+)"/g)].map((m) =>
    (m[1] ?? '')
      .replace(/&amp;/g, '&')
      .replace(/&#x2F;/gi, '/')
      .replace(/&#x3D;/gi, '=')
      .replace(/&#39;/g, "'")
      .replace(/&quot;/g, '"'),
  );
  return [...new Set(links)];
}

/** The one link of the email to `path` of the web app (`/verify-email`, `/reset-password`…); fails naming the links it has. */
export function linkTo(mail: CaughtMail, webUrl: string, path: string): string {
  const links = linksIn(mail);
  const found = links.find((link) => link.startsWith(`${webUrl}${path}?`) || link === `${webUrl}${path}`);
  if (!found) throw new Error(`no link to ${webUrl}${path} in "${mail.subject}": ${links.join(', ')}`);
  return found;
}

/** The 6-digit code of the password-reset email, read from its text as a person would. */
export function resetCodeIn(mail: CaughtMail): string {
  const found = /\b(\d{6})\b/.exec(mail.text);
  if (!found?.[1]) throw new Error(`no code in "${mail.subject}"`);
  return found[1];
}
