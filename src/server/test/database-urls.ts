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
