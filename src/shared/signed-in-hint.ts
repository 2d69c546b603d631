/**
 * A cookie scripts may read, set beside the (HttpOnly) session cookie: it says only "a session
 * was started in this browser", never who, so public pages (which do not look the user up)
 * and the served HTML can show the signed-in header without a request. A stale hint costs
 * one redirect to /auth, where the client clears it.
 */
export const SIGNED_IN_HINT_COOKIE = 'dc_signed_in';
/** The attribute the server puts on <html> when the hint is present (styles.css reads it). */
export const SIGNED_IN_HTML_ATTRIBUTE = 'data-signed-in';
