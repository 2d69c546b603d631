import { useState } from 'react';
import { RESEND_COOLDOWN_SECONDS, VERIFICATION_LINK_HOURS } from '../../../shared/contracts/auth';
import { Button, buttonClasses } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { MailIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast-store';
import { sendVerificationEmail } from './api/send-verification';
import { useCountdown } from './use-countdown';
import { useDevVerificationTokens } from './use-dev-verification-tokens';

interface VerificationPendingProps {
  email: string;
  /** True right after an email went out (registration): the resend cooldown starts at once. */
  justSent?: boolean;
  onBackToLogin: () => void;
  /** The development helper; off in production builds. */
  pollDevTokens?: boolean;
}

/** SPEC.md sections 2 and 4: the screen after registering, or signing in, with an unverified address. */
export function VerificationPending({ email, justSent = false, onBackToLogin, pollDevTokens }: VerificationPendingProps) {
  const countdown = useCountdown(justSent ? RESEND_COOLDOWN_SECONDS : 0);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useDevVerificationTokens(pollDevTokens);

  const send = async () => {
    setSending(true);
    const outcome = await sendVerificationEmail(email);
    setSending(false);
    if (outcome.ok) {
      setError(null);
      countdown.start(RESEND_COOLDOWN_SECONDS);
      toast(
        outcome.code === 'EMAIL_SENT'
          ? { title: 'Verification email sent', description: 'Please check your inbox to verify your email address', variant: 'success' }
          : { title: 'Email already verified', description: outcome.message || 'You can sign in now.', variant: 'success' },
      );
    } else {
      setError(outcome.message);
    }
  };

  const resendLabel = countdown.running ? `Resend Available in ${countdown.remaining}s` : 'Resend Verification Email';
  const dialogOpen = error !== null;

  return (
    <div className="text-center">
      <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <MailIcon className="h-7 w-7" />
      </span>
      <h2 className="mt-5 text-2xl font-bold tracking-tight text-slate-900">Verify Your Email</h2>
      <p className="mt-3 text-slate-600">
        We sent a verification link to <strong className="break-all font-semibold text-slate-900">{email}</strong>. Open it to activate your account.
      </p>
      <ul className="mt-5 space-y-2 rounded-xl bg-slate-50 p-4 text-left text-sm text-slate-600">
        <li>Can&apos;t find the email? Check your spam or junk folder.</li>
        <li>The link expires in {VERIFICATION_LINK_HOURS} hours.</li>
      </ul>
      <div className="mt-6 flex flex-col gap-3">
        <Button onClick={() => void send()} disabled={countdown.running || (sending && !dialogOpen)} size="lg">
          {sending && !dialogOpen && <Spinner className="h-4 w-4" />}
          {resendLabel}
        </Button>
        <Button variant="ghost" onClick={onBackToLogin}>
          Back to Login
        </Button>
      </div>

      <Dialog
        open={dialogOpen}
        onClose={() => setError(null)}
        role="alertdialog"
        title="Verification Error"
        description={
          <>
            <p className="font-medium text-slate-800">Couldn&apos;t send your verification email</p>
            <p className="mt-2">{error}</p>
          </>
        }
      >
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={() => setError(null)}>
            Close
          </Button>
          <a href="/support" target="_blank" rel="noopener noreferrer" className={buttonClasses({ variant: 'secondary' })}>
            Contact Support
          </a>
          <Button onClick={() => void send()} disabled={sending}>
            {sending && <Spinner className="h-4 w-4" />}
            {sending ? 'Retrying...' : 'Retry'}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
