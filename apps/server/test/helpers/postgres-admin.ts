// Creates and drops the throwaway PostgreSQL databases that tests run against when TEST_PG_URL is set.
import pg from 'pg';

export const TEST_DATABASE_PREFIX = 'costory_test_';

async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

// Names are generated from hex only, so quoting is enough to make them safe identifiers.
function quoteIdentifier(name: string): string {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Unexpected test database name ${name}`);
  return `"${name}"`;
}

export async function createEmptyPostgresDatabase(adminUrl: string, name: string): Promise<string> {
  await withAdmin(adminUrl, (client) => client.query(`create database ${quoteIdentifier(name)}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropPostgresDatabase(adminUrl: string, name: string): Promise<void> {
  await withAdmin(adminUrl, (client) =>
    // WITH (FORCE) (PostgreSQL 13+) ends connections a failed test may have left open.
    client.query(`drop database if exists ${quoteIdentifier(name)} with (force)`),
  );
}

export async function dropRunDatabases(adminUrl: string, runId: string): Promise<void> {
  await withAdmin(adminUrl, async (client) => {
    const found = await client.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`${TEST_DATABASE_PREFIX}${runId}\\_%`],
    );
    for (const { datname } of found.rows) {
      await client.query(`drop database if exists ${quoteIdentifier(datname)} with (force)`);
    }
  });
}
