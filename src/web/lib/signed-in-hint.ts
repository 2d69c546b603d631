import { SIGNED_IN_HINT_COOKIE, SIGNED_IN_HTML_ATTRIBUTE } from '../../shared/signed-in-hint';

/** Whether this browser holds the signed-in hint cookie (shared/signed-in-hint.ts). */
export function hasSignedInHint(): boolean {
  return document.cookie.split(/;\s*/).some((pair) => pair.startsWith(`${SIGNED_IN_HINT_COOKIE}=`));
}

/** The server says nobody is signed in: drop the hint, and the served page's mark of it. */
export function clearSignedInHint(): void {
  if (!hasSignedInHint()) return;
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
  document.documentElement.removeAttribute(SIGNED_IN_HTML_ATTRIBUTE);
}
