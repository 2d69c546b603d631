/**
 * Browser-local keys. SPEC.md section 1 puts the product's browser data under keys with
 * the word datacleaner, and section 3 names one key exactly: the user id is kept under
 * `userId`, which the verification analytics event reads. That specific rule wins for
 * the user id; every other key starts with 'datacleaner.'.
 */
const STORAGE_KEYS = {
  userId: 'userId',
} as const;

// Storage can throw (private windows, disabled storage): losing the value is acceptable.
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function getStoredUserId(): string | null {
  try {
    return storage()?.getItem(STORAGE_KEYS.userId) ?? null;
  } catch {
    return null;
  }
}

export function setStoredUserId(id: number | string): void {
  try {
    storage()?.setItem(STORAGE_KEYS.userId, String(id));
  } catch {
    // See storage().
  }
}

export function clearStoredUserId(): void {
  try {
    storage()?.removeItem(STORAGE_KEYS.userId);
  } catch {
    // See storage().
  }
}
