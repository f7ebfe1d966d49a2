import pg from 'pg';

/** Runs one statement on a connection of its own (CREATE/DROP DATABASE and the like), then closes it. */
export const adminQuery = async (url: string, statement: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
};
