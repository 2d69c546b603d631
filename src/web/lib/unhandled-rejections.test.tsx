import { describe, expect, it, vi } from 'vitest';
import { installUnhandledRejectionHandler, isExpectedRejection } from './unhandled-rejections';

function rejection(reason: unknown): PromiseRejectionEvent {
  return Object.assign(new Event('unhandledrejection', { cancelable: true }), { reason, promise: Promise.resolve() }) as PromiseRejectionEvent;
}

describe('unhandled rejections', () => {
  it.each([new TypeError('Failed to fetch'), new Error('NetworkError when attempting to fetch resource.'), new Error('401: {"message":"Not signed in."}'), new Error('404: Not Found'), new Error('500: Internal Server Error'), 'network down'])(
    'drops %s silently',
    (reason) => {
      expect(isExpectedRejection(reason)).toBe(true);
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const uninstall = installUnhandledRejectionHandler();
      const event = rejection(reason);
      window.dispatchEvent(event);
      uninstall();
      expect(event.defaultPrevented).toBe(true);
      expect(warn).not.toHaveBeenCalled();
    },
  );

  it('logs any other rejection as a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const uninstall = installUnhandledRejectionHandler();
    const reason = new Error('Cannot read properties of undefined');
    window.dispatchEvent(rejection(reason));
    uninstall();
    expect(isExpectedRejection(reason)).toBe(false);
    expect(isExpectedRejection(new Error('403: Forbidden'))).toBe(false);
    expect(warn).toHaveBeenCalledWith('Unhandled promise rejection:', reason);
  });
});
