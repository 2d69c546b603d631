/** Fields of database errors that hold the values a query was run with. */
const VALUE_FIELDS = ['params', 'detail', 'where', 'internalQuery'];
/** SQLSTATE class 22, data exceptions: their messages quote the offending value. */
const DATA_EXCEPTION = /^22/;

interface ErrorLike {
  message: string;
  stack?: string;
  name?: string;
  code?: unknown;
  cause?: unknown;
  errors?: unknown;
}

function isErrorLike(value: unknown): value is ErrorLike {
  return typeof value === 'object' && value !== null && typeof (value as ErrorLike).message === 'string';
}

function cleanMessage(error: ErrorLike): string {
  // Drizzle's DrizzleQueryError: "Failed query: <sql with $1 placeholders>\nparams: <values>".
  let message = error.message.replace(/^(Failed query: [\s\S]*?)\nparams: [\s\S]*$/, '$1');
  if (typeof error.code === 'string' && DATA_EXCEPTION.test(error.code)) message = message.replace(/"[^"]*"/g, '"[redacted]"');
  return message;
}

/**
 * A copy of an error, and of its causes, fit for a log line: failed SQL keeps its query text
 * (placeholders, never values) and its SQLSTATE code, and loses every parameter value, the
 * detail ("Key (email)=(…) already exists") and values quoted in data-exception messages.
 * Anything that is not an error passes unchanged; the error itself is left as it was.
 */
export function redactSqlError<T>(value: T, seen = new Set<unknown>()): T {
  if (!isErrorLike(value) || seen.has(value)) return value;
  seen.add(value);
  const copy = Object.create(Object.getPrototypeOf(value) as object | null) as ErrorLike & Record<string, unknown>;
  for (const [key, field] of Object.entries(value)) if (!VALUE_FIELDS.includes(key)) copy[key] = field;
  const message = cleanMessage(value);
  Object.defineProperty(copy, 'message', { value: message, enumerable: false, writable: true, configurable: true });
  const stack = value.stack ?? '';
  const cleanStack = stack.includes(value.message) ? stack.split(value.message).join(message) : [`${value.name ?? 'Error'}: ${message}`, ...stack.split('\n').filter((line) => /^\s+at /.test(line))].join('\n');
  Object.defineProperty(copy, 'stack', { value: cleanStack, enumerable: false, writable: true, configurable: true });
  if (value.cause !== undefined) {
    const cause = redactSqlError(value.cause, seen);
    Object.defineProperty(copy, 'cause', { value: cause, enumerable: false, writable: true, configurable: true });
    // The log flattens causes into the message; Drizzle's wrapper then shows its driver's SQLSTATE as its own.
    if (copy.code === undefined && isErrorLike(cause) && typeof cause.code === 'string') copy.code = cause.code;
  }
  if (Array.isArray(value.errors)) copy.errors = value.errors.map((error: unknown) => redactSqlError(error, seen));
  return copy as T;
}
