/** A mailbox as Mailpit shows it. */
export interface Mailbox {
  Name: string;
  Address: string;
}

/** Splits an address list at commas that are outside quotes and angle brackets. */
function splitList(value: string): string[] {
  const out: string[] = [];
  let current = '';
  let quoted = false;
  let angle = false;
  for (const c of value) {
    if (c === '"' && !angle) quoted = !quoted;
    else if (c === '<' && !quoted) angle = true;
    else if (c === '>' && !quoted) angle = false;
    if (c === ',' && !quoted && !angle) {
      out.push(current);
      current = '';
    } else {
      current += c;
    }
  }
  out.push(current);
  return out.map((s) => s.trim()).filter((s) => s !== '');
}

/** `"Ann Lee" <ann@x.test>, bob@x.test` → mailboxes (groups' names dropped, their members kept). */
export function parseAddressList(value: string): Mailbox[] {
  const withoutGroups = value.replace(/[^,:<>"]+:([^;]*);/g, '$1');
  return splitList(withoutGroups).map((entry) => {
    const angle = /^(.*)<([^>]*)>\s*$/.exec(entry);
    if (!angle) return { Name: '', Address: entry.replace(/^"|"$/g, '') };
    const name = (angle[1] ?? '')
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .replace(/\\(.)/g, '$1');
    return { Name: name, Address: (angle[2] ?? '').trim() };
  });
}
