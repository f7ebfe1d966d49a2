const sqlState = (e: unknown) => (e as { code?: unknown } | null)?.code;

/** PostgreSQL refused a row that breaks a unique index (23505). */
export const isUniqueViolation = (e: unknown) => sqlState(e) === '23505';

/** PostgreSQL refused a row that breaks a CHECK constraint (23514). */
export const isCheckViolation = (e: unknown) => sqlState(e) === '23514';

/**
 * The statement's connection ended under it: PostgreSQL ended the session (57P01–57P03: an
 * administrator, a shutdown, a restart), the connection failed (class 08), or the socket closed
 * without a word. Whether the statement committed is unknown; only an idempotent one may be sent again.
 */
export const isConnectionLost = (e: unknown) => {
  const code = sqlState(e);
  if (typeof code === 'string') return /^57P0[123]$/.test(code) || code.startsWith('08') || code === 'ECONNRESET' || code === 'EPIPE';
  return e instanceof Error && /^Connection terminated/.test(e.message);
};
