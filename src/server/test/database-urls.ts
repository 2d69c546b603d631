/** A PostgreSQL server the tests may create databases on; without it they run on embedded PGlite. */
export const postgresServerUrl = process.env.TEST_DATABASE_URL;

/** In the name of every test that needs a server, so a run without one lists it as skipped and says why. */
export const NEEDS_POSTGRES_SERVER = '(needs TEST_DATABASE_URL: a PostgreSQL server)';

export const TEMPLATE_DATABASE = 'datacleaner_test_template';

/** The server's maintenance database, from which test databases are created and dropped. */
export function adminUrl(url: string): string {
  const parsed = new URL(url);
  parsed.pathname = '/postgres';
  return parsed.toString();
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
