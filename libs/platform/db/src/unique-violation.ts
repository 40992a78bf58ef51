/**
 * Whether a database error is a unique-constraint violation: Prisma's P2002, or Postgres' SQLSTATE
 * 23505 as the driver adapter or `pg` reports it (two registrations or creates racing, say).
 */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { code?: unknown; message?: unknown };
  return e.code === 'P2002' || e.code === '23505' || (typeof e.message === 'string' && e.message.includes('23505'));
}
