const sqlState = (e: unknown) => (e as { code?: unknown } | null)?.code;

/** PostgreSQL refused a row that breaks a unique index (23505). */
export const isUniqueViolation = (e: unknown) => sqlState(e) === '23505';

/** PostgreSQL refused a row that breaks a CHECK constraint (23514). */
export const isCheckViolation = (e: unknown) => sqlState(e) === '23514';

/**
 * SQLSTATEs and socket errors that mean the connection is gone: PostgreSQL ended the session (57P01–
 * 57P03: an administrator, a shutdown, a restart), or the connection failed (08000, 08003, 08006; not
 * 08P01, a protocol error on a connection that may well live on).
 */
const LOST = new Set(['57P01', '57P02', '57P03', '08000', '08003', '08006', 'ECONNRESET', 'EPIPE']);

/**
 * The statement's connection ended under it (above), or the socket closed without a word, or the
 * client was already closed for that reason. Whether the statement committed is unknown; only an
 * idempotent one may be sent again.
 */
export const isConnectionLost = (e: unknown) => {
  const code = sqlState(e);
  if (typeof code === 'string') return LOST.has(code);
  return e instanceof Error && /^Connection terminated|not queryable/.test(e.message);
};
