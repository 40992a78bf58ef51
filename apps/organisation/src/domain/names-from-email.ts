/**
 * Names for an account made before the person gave theirs (an invitation carries only the address):
 * the address's local part, split at dots, hyphens, underscores or plus signs, each word capitalised
 * ("jane.doe@x" → Jane / Doe). A single word gives the last name "-". The person replaces both when
 * accepting.
 */
export function namesFromEmail(email: string): { firstName: string; lastName: string } {
  const local = email.split('@')[0] ?? '';
  const words = local
    .split(/[._+-]+/)
    .filter((w) => w.length > 0)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1));
  const firstName = (words[0] ?? '').slice(0, 100) || 'Member';
  const lastName = words.slice(1).join(' ').slice(0, 100) || '-';
  return { firstName, lastName };
}
