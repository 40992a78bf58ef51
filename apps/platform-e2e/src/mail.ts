/** Reads the mail catcher's Mailpit-style API: the newest message to an address, waiting for it. */
export async function mailTo(
  mailUrl: string,
  address: string,
  subjectIncludes = '',
  timeoutMs = 10_000,
): Promise<{ subject: string; text: string; html: string }> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const list = (await (await fetch(`${mailUrl}/api/v1/messages`)).json()) as {
      messages: Array<{ ID: string; Subject: string; To: Array<{ Address: string }> }>;
    };
    const found = list.messages.find((m) => m.To.some((t) => t.Address.toLowerCase() === address.toLowerCase()) && m.Subject.includes(subjectIncludes));
    if (found) {
      const message = (await (await fetch(`${mailUrl}/api/v1/message/${found.ID}`)).json()) as { Subject: string; Text: string; HTML: string };
      return { subject: message.Subject, text: message.Text, html: message.HTML };
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`no mail to ${address} containing "${subjectIncludes}" within ${timeoutMs} ms`);
}
