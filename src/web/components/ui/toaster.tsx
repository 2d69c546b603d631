import { useSyncExternalStore } from 'react';
import { toastStore as defaultStore, type Toast, type ToastStore } from './toast-store';

const styles: Record<Toast['variant'], string> = {
  default: 'border-slate-200 bg-white text-slate-900',
  success: 'border-emerald-200 bg-white text-slate-900',
  destructive: 'border-red-200 bg-red-50 text-red-900',
};

const accents: Record<Toast['variant'], string> = {
  default: 'bg-brand-600',
  success: 'bg-emerald-500',
  destructive: 'bg-red-600',
};

/** Where toasts appear; the live region is always in the page so screen readers announce new ones. */
export function Toaster({ store = defaultStore }: { store?: ToastStore }) {
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const visible = toasts.filter((toast) => toast.open);
  return (
    <section aria-label="Notifications" className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex justify-center p-4 sm:inset-x-auto sm:right-0 sm:justify-end">
      <ol aria-live="polite" aria-atomic="false" className="flex w-full max-w-sm flex-col gap-2">
        {visible.map((toast) => (
          <li
            key={toast.id}
            // The list is the live region; errors are alerts so they are announced first.
            role={toast.variant === 'destructive' ? 'alert' : undefined}
            className={`pointer-events-auto relative flex gap-3 overflow-hidden rounded-xl border p-4 pl-5 shadow-lg ${styles[toast.variant]}`}
          >
            <span aria-hidden="true" className={`absolute inset-y-0 left-0 w-1.5 ${accents[toast.variant]}`} />
            <div className="min-w-0 flex-1">
              <p className="text-sm font-semibold">{toast.title}</p>
              {toast.description && <p className="mt-1 text-sm opacity-90">{toast.description}</p>}
            </div>
            <button
              type="button"
              onClick={() => store.dismiss(toast.id)}
              className="-m-1 h-7 w-7 shrink-0 rounded-md text-lg leading-none opacity-60 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-brand-600"
              aria-label="Dismiss notification"
            >
              ×
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
