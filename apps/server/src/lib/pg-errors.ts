const sqlState = (e: unknown) => (e as { code?: unknown } | null)?.code;

/** PostgreSQL refused a row that breaks a unique index (23505). */
export const isUniqueViolation = (e: unknown) => sqlState(e) === '23505';

/** PostgreSQL refused a row that breaks a CHECK constraint (23514). */
export const isCheckViolation = (e: unknown) => sqlState(e) === '23514';
