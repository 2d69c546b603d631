/** SPEC.md section 9: one toast visible at a time; a dismissed toast is removed after 1,000,000 ms. */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;
/** How long a toast stays open before it dismisses itself. */
export const TOAST_DURATION = 5_000;

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface Toast extends Required<Omit<ToastInput, 'description'>> {
  id: string;
  description?: string;
  open: boolean;
}

/** A tiny external store, so toasts can be raised from anywhere (event handlers, mutations). */
export class ToastStore {
  private toasts: readonly Toast[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private nextId = 0;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): readonly Toast[] => this.toasts;

  show({ title, description, variant = 'default' }: ToastInput): string {
    this.nextId += 1;
    const id = String(this.nextId);
    const toast: Toast = { id, title, variant, open: true, ...(description ? { description } : {}) };
    const dropped = this.toasts.slice(TOAST_LIMIT - 1);
    for (const old of dropped) this.clearTimer(old.id);
    this.set([toast, ...this.toasts].slice(0, TOAST_LIMIT));
    this.timers.set(id, setTimeout(() => this.dismiss(id), TOAST_DURATION));
    return id;
  }

  /** Closes a toast (all of them without an id); it leaves the list later. */
  dismiss(id?: string): void {
    const closing = this.toasts.filter((toast) => toast.open && (id === undefined || toast.id === id));
    if (closing.length === 0) return;
    for (const toast of closing) {
      this.clearTimer(toast.id);
      this.timers.set(toast.id, setTimeout(() => this.remove(toast.id), TOAST_REMOVE_DELAY));
    }
    const closed = new Set(closing.map((toast) => toast.id));
    this.set(this.toasts.map((toast) => (closed.has(toast.id) ? { ...toast, open: false } : toast)));
  }

  remove(id: string): void {
    this.clearTimer(id);
    this.set(this.toasts.filter((toast) => toast.id !== id));
  }

  /** Forgets everything, timers included (tests and logout use it). */
  reset(): void {
    for (const id of this.timers.keys()) this.clearTimer(id);
    this.set([]);
  }

  private clearTimer(id: string): void {
    const timer = this.timers.get(id);
    if (timer !== undefined) clearTimeout(timer);
    this.timers.delete(id);
  }

  private set(toasts: readonly Toast[]): void {
    this.toasts = toasts;
    for (const listener of this.listeners) listener();
  }
}

export const toastStore = new ToastStore();

export function toast(input: ToastInput): string {
  return toastStore.show(input);
}
