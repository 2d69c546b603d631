import { timestamp } from 'drizzle-orm/pg-core';

/** Every time column is timestamptz, so both drivers hand back the same instant. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });
