import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';

/** "Are you sure?" before a change that cannot be undone. */
export function ConfirmDialog({ open, title, description, confirmLabel, busy, onConfirm, onClose }: { open: boolean; title: string; description: ReactNode; confirmLabel: string; busy: boolean; onConfirm: () => void; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title={title} description={description} role="alertdialog">
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
