import { buttonClasses } from '../../components/ui/button';
import { useAuthProviders } from './api/auth-providers';

/** ?error= values the server's Google callback sends back to /auth. */
export const GOOGLE_ERRORS: Record<string, string> = {
  google: "We couldn't sign you in with Google. Please try again, or sign in with your email and password.",
  google_unverified_email:
    "Google hasn't verified the email address of your Google account, so we couldn't link it to your existing account. Sign in with your email and password instead.",
};

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="h-5 w-5">
      <path fill="#4285F4" d="M21.6 12.2c0-.7-.1-1.4-.2-2H12v3.8h5.4a4.6 4.6 0 0 1-2 3v2.5h3.2c1.9-1.7 3-4.3 3-7.3z" />
      <path fill="#34A853" d="M12 22c2.7 0 5-.9 6.6-2.5l-3.2-2.5c-.9.6-2 1-3.4 1-2.6 0-4.8-1.8-5.6-4.1H3.1v2.6A10 10 0 0 0 12 22z" />
      <path fill="#FBBC05" d="M6.4 13.9a6 6 0 0 1 0-3.8V7.5H3.1a10 10 0 0 0 0 9z" />
      <path fill="#EA4335" d="M12 6c1.5 0 2.8.5 3.8 1.5l2.9-2.9A10 10 0 0 0 3.1 7.5l3.3 2.6C7.2 7.8 9.4 6 12 6z" />
    </svg>
  );
}

/** 'Continue with Google', only when the server offers it; keeps where to go after signing in. */
export function GoogleSignIn({ redirectTo }: { redirectTo?: string | undefined }) {
  const providers = useAuthProviders();
  if (!providers.data?.google) return null;
  const href = redirectTo ? `/api/auth/google?redirect=${encodeURIComponent(redirectTo)}` : '/api/auth/google';
  return (
    <div className="space-y-5">
      <a href={href} className={buttonClasses({ variant: 'secondary', size: 'lg', className: 'w-full' })}>
        <GoogleMark />
        Continue with Google
      </a>
      <div className="flex items-center gap-3 text-xs font-medium uppercase tracking-wide text-slate-400">
        <span className="h-px flex-1 bg-slate-200" />
        or
        <span className="h-px flex-1 bg-slate-200" />
      </div>
    </div>
  );
}
