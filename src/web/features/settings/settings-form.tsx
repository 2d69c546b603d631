import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useBlocker } from 'react-router';
import type { UserSettingsView } from '../../../shared/contracts/settings';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast-store';
import { formatExactTime } from '../dashboard/time-ago';
import { AutomaticCleanupSection } from './automatic-cleanup-section';
import { useUpdateSettings } from './api/update-settings';
import { DuplicateDetectionSection } from './duplicate-detection-section';
import { NotificationHistorySection } from './notification-history-section';
import { EmailNotificationsSection, SlackSection } from './notifications-sections';
import { ScanningSection } from './scanning-section';
import type { SectionProps } from './section-props';
import { changedSettings, saveErrors, toDraft, validateSettings, type SettingsDraft, type SettingsErrors } from './settings-draft';
import { withBrowserTimeZone } from './time-zone';

function plural(count: number, one: string, many: string) {
  return `${count} ${count === 1 ? one : many}`;
}

/** Asks before leaving the page with unsaved changes; moving within it (the section links) is fine. */
function useLeaveGuard(dirty: boolean) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
  return blocker;
}

/**
 * Every user setting but the HubSpot connection and AI (which saves on its own), in one form: only changed fields are sent
 * (a partial PUT), checked first with the shared contract's messages; what the server
 * refuses lands on the field it names.
 */
export function SettingsForm({ view, demo, otherUnsaved = false }: { view: UserSettingsView; demo: boolean; /** Unsaved edits in a form of its own on the page (AI). */ otherUnsaved?: boolean }) {
  const [edits, setEdits] = useState<Partial<SettingsDraft>>({});
  const [errors, setErrors] = useState<SettingsErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const update = useUpdateSettings();

  // Edits sit on top of the saved view, so a refreshed view does not wipe what the user typed.
  const draft: SettingsDraft = { ...toDraft(view), ...edits };
  const changes = changedSettings(view, draft);
  const changeCount = Object.keys(changes).length;
  const errorCount = Object.values(errors).filter(Boolean).length;
  const blocker = useLeaveGuard((changeCount > 0 && !update.isPending) || otherUnsaved);

  useEffect(() => {
    if (focusRequest === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    // A group (fieldset) in error passes the focus to its first control.
    const control = first?.matches('input, select, textarea, button') ? first : first?.querySelector<HTMLElement>('input:not([disabled]), select, textarea, button');
    // Centred, so neither the sticky header nor the save bar covers it.
    control?.scrollIntoView({ block: 'center' });
    control?.focus({ preventScroll: true });
  }, [focusRequest]);

  const set: SectionProps['set'] = (key, value) => {
    setEdits((current) => ({ ...current, [key]: value }));
    setErrors((current) => {
      if (!(key in current)) return current;
      const next = { ...current };
      delete next[key as keyof SettingsErrors];
      return next;
    });
    setFormError(null);
  };

  const discard = () => {
    setEdits({});
    setErrors({});
    setFormError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (changeCount === 0 || update.isPending) return;
    const checked = validateSettings(changes);
    setFormError(null);
    if (!checked.request) {
      setErrors(checked.errors);
      setFocusRequest((n) => n + 1);
      return;
    }
    const request = withBrowserTimeZone(checked.request, view);
    update.mutate(request, {
      onSuccess: (saved) => {
        setEdits({});
        setErrors({});
        const next = saved.schedule.nextScanAt;
        const scheduleNote = request.analysisFrequency && next ? `Next scheduled scan: ${formatExactTime(new Date(next))}.` : undefined;
        toast({ title: 'Settings saved', description: demo ? 'This is the demo: your changes are shown but not stored.' : scheduleNote, variant: 'success' });
      },
      onError: (failure) => {
        const refused = saveErrors(failure, request);
        setErrors(refused.fields);
        setFormError(refused.form);
        if (Object.keys(refused.fields).length > 0) setFocusRequest((n) => n + 1);
      },
    });
  };

  const props: SectionProps = { view, draft, errors, set, demo };

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label="Settings" className="space-y-6">
      <ScanningSection {...props} />
      <DuplicateDetectionSection {...props} />
      <AutomaticCleanupSection {...props} />
      <EmailNotificationsSection {...props} />
      <SlackSection {...props} />
      <NotificationHistorySection />

      <div className="sticky bottom-0 z-20 -mx-4 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_-6px_rgba(15,23,42,0.15)] backdrop-blur sm:bottom-4 sm:mx-0 sm:rounded-2xl sm:border sm:px-5">
        {formError && (
          <div className="mb-3">
            <Alert tone="error" title="Your settings were not saved">
              {formError}
            </Alert>
          </div>
        )}
        {errorCount > 0 && !formError && (
          <p role="alert" className="mb-2 text-sm font-medium text-red-700">
            {plural(errorCount, 'setting needs', 'settings need')} attention before saving.
          </p>
        )}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-600">
            {changeCount > 0 ? (
              <span className="font-medium text-slate-900">{plural(changeCount, 'unsaved change', 'unsaved changes')}</span>
            ) : view.updatedAt ? (
              `All changes saved. Last saved ${formatExactTime(new Date(view.updatedAt))}.`
            ) : (
              'You are using the default settings.'
            )}
          </p>
          <div className="flex gap-2">
            <Button variant="secondary" onClick={discard} disabled={changeCount === 0 || update.isPending}>
              Discard
            </Button>
            <Button type="submit" disabled={changeCount === 0 || update.isPending}>
              {update.isPending && <Spinner className="h-4 w-4" />}
              {update.isPending ? 'Saving…' : 'Save changes'}
            </Button>
          </div>
        </div>
      </div>

      <Dialog
        open={blocker.state === 'blocked'}
        onClose={() => blocker.reset?.()}
        role="alertdialog"
        title="Leave without saving?"
        description={`You have ${changeCount > 0 ? plural(changeCount, 'unsaved change', 'unsaved changes') : 'unsaved AI settings'} in Settings. They are lost if you leave now.`}
      >
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => blocker.reset?.()}>
            Stay on this page
          </Button>
          <Button variant="danger" onClick={() => blocker.proceed?.()}>
            Leave without saving
          </Button>
        </div>
      </Dialog>
    </form>
  );
}
