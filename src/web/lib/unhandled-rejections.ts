/** Failed requests already show their own message; their stray rejections are noise. */
const EXPECTED_REJECTION = /fetch|network|\b(401|404|500)\b/i;

export function isExpectedRejection(reason: unknown): boolean {
  const message = reason instanceof Error ? reason.message : typeof reason === 'string' ? reason : '';
  return EXPECTED_REJECTION.test(message);
}

/**
 * SPEC.md section 8: unhandled rejections from fetch, network or HTTP 401/404/500 failures
 * are dropped silently, others are logged as warnings. Returns the uninstaller.
 */
export function installUnhandledRejectionHandler(target: Window = window): () => void {
  const onRejection = (event: PromiseRejectionEvent) => {
    event.preventDefault();
    if (!isExpectedRejection(event.reason)) console.warn('Unhandled promise rejection:', event.reason);
  };
  target.addEventListener('unhandledrejection', onRejection);
  return () => target.removeEventListener('unhandledrejection', onRejection);
}
