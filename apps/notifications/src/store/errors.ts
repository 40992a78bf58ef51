/** Whether a Prisma error is a unique-constraint violation (P2002), e.g. two registrations racing. */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { code?: unknown; message?: unknown };
  return e.code === 'P2002' || (typeof e.message === 'string' && e.message.includes('23505'));
}
