import { z } from 'zod';

/** Our rows' ids are PostgreSQL `integer`s (serial): a larger number can name no row and would fail in SQL. */
export const MAX_ROW_ID = 2_147_483_647;

/**
 * The id of one of our rows (a scan, group, merge, record action...) in a path or query
 * string: a whole number from 1 to MAX_ROW_ID, anything else a 400 that says so.
 */
export function rowIdParam(what: string) {
  const message = `A ${what} id is a whole number from 1 to ${MAX_ROW_ID}`;
  // abort: one wrong id is one message, not one per broken rule.
  return z.coerce.number({ error: message }).int({ message, abort: true }).min(1, { message, abort: true }).max(MAX_ROW_ID, message);
}
