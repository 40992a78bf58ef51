const OFFSET = /^([+-])(\d{2}):?(\d{2})$/;

/** Minutes east of UTC of a fixed offset such as `+10:00`, `-03:30`, `+0530` or `Z`; undefined when not one. */
export function offsetMinutes(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === 'Z' || trimmed === 'UTC') return 0;
  const match = OFFSET.exec(trimmed);
  if (!match) return undefined;
  const hours = Number(match[2]);
  const minutes = Number(match[3]);
  if (hours > 14 || minutes > 59 || (hours === 14 && minutes > 0)) return undefined;
  return (match[1] === '-' ? -1 : 1) * (hours * 60 + minutes);
}

/** The canonical form `+HH:MM` of an offset in minutes. */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}
