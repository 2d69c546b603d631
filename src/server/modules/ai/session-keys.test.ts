import { describe, expect, it } from 'vitest';
import { SessionKeyStore } from './session-keys';

describe('the session-only key store', () => {
  it("gives a key to its own session and user only, and forgets it after 12 idle hours", () => {
    let now = 0;
    const store = new SessionKeyStore(() => now);
    store.set('session-a', 1, 'sk-a');
    expect(store.get('session-a', 1)).toBe('sk-a');
    expect(store.get('session-a', 2)).toBeNull();
    expect(store.get('session-b', 1)).toBeNull();
    now += 11 * 3_600_000;
    expect(store.get('session-a', 1)).toBe('sk-a');
    now += 12 * 3_600_000 + 1;
    expect(store.get('session-a', 1)).toBeNull();
    expect(store.size()).toBe(0);
  });

  it("drops every session's key of a user at once", () => {
    const store = new SessionKeyStore();
    store.set('a', 1, 'sk-1');
    store.set('b', 1, 'sk-1');
    store.set('c', 2, 'sk-2');
    store.deleteUser(1);
    expect([store.get('a', 1), store.get('b', 1), store.get('c', 2)]).toEqual([null, null, 'sk-2']);
  });
});
