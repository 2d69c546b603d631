import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { redactSqlError } from './redact-sql-error';

/** An error shaped as PGlite and node-postgres throw them for a value that does not fit a column. */
function outOfRange(value: string) {
  return Object.assign(new Error(`value "${value}" is out of range for type integer`), {
    severity: 'ERROR',
    code: '22003',
    where: `unnamed portal parameter $1 = '${value}'`,
    query: 'select * from scans where id = $1',
    params: [value],
  });
}

describe('redactSqlError', () => {
  it('keeps the query and SQLSTATE of a failed statement and drops every value, in the message, the stack and the fields', () => {
    const error = new DrizzleQueryError('select * from scans where id = $1', ['2147483648'], outOfRange('2147483648'));
    const clean = redactSqlError(error);
    const cause = clean.cause as Error;
    const written = JSON.stringify([clean.message, clean.stack, { ...clean }, cause.message, cause.stack, { ...cause }]);
    expect(written).not.toContain('2147483648');
    expect(clean.message).toBe('Failed query: select * from scans where id = $1');
    expect(clean).toMatchObject({ query: 'select * from scans where id = $1', code: '22003' });
    expect((clean.cause as Error).message).toBe('value "[redacted]" is out of range for type integer');
    expect(clean).toBeInstanceOf(DrizzleQueryError);
    // The thrown error is the caller's: it keeps everything.
    expect(error.params).toEqual(['2147483648']);
  });

  it('drops the detail of a constraint violation but keeps its message, and leaves other errors and values alone', () => {
    const duplicate = Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), { code: '23505', detail: 'Key (email)=(ada@example.com) already exists.', constraint: 'users_email_unique' });
    expect(redactSqlError(duplicate)).toMatchObject({ message: duplicate.message, constraint: 'users_email_unique' });
    expect(redactSqlError(duplicate)).not.toHaveProperty('detail');
    const plain = new Error('the "quoted" words of another error');
    expect(redactSqlError(plain).message).toBe(plain.message);
    expect(redactSqlError('not an error')).toBe('not an error');
  });
});
