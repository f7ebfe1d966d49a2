import type { PGlite } from '@electric-sql/pglite';

/**
 * Presents an embedded PGlite database as the tiny slice of the `pg.Pool` API that Kysely's
 * PostgresDialect uses. PGlite has one connection, so a client is handed out to one holder at a
 * time: a transaction (BEGIN … COMMIT) runs alone, exactly as it would on its own server connection.
 */
export const pglitePool = (db: PGlite) => {
  let tail: Promise<void> = Promise.resolve();

  const client = {
    query: async (sql: string, params?: readonly unknown[]) => {
      const command = sql.trimStart().split(/\s/, 1)[0]?.toUpperCase() ?? '';
      // Parameterless text may hold several statements (migrations); only the simple protocol allows that.
      if (!params || params.length === 0) {
        const results = await db.exec(sql);
        const last = results[results.length - 1];
        return { rows: last?.rows ?? [], rowCount: last?.affectedRows ?? last?.rows.length ?? 0, command };
      }
      const res = await db.query(sql, params as unknown[]);
      return { rows: res.rows, rowCount: res.affectedRows ?? res.rows.length, command };
    },
    release: () => {},
  };

  return {
    connect: async () => {
      let release!: () => void;
      const mine = new Promise<void>((resolve) => (release = resolve));
      const previous = tail;
      tail = previous.then(() => mine);
      await previous;
      return { ...client, release: () => release() };
    },
    end: async () => {
      await tail;
      await db.close();
    },
  };
};
