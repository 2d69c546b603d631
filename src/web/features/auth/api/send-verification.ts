import type { SendVerificationResponse } from '../../../../shared/contracts/auth';
import { trackEvent } from '../../../lib/analytics';
import { ApiError, isNetworkError, requestJson } from '../../../lib/api-request';
import { getStoredUserId } from '../../../lib/local-storage';

/** SPEC.md section 8, letter for letter. */
const VERIFICATION_DEFAULT_ERROR = 'We ran into an issue sending the email. Please try again in a moment.';
const VERIFICATION_NETWORK_ERROR = "We couldn't contact our servers. Please check your internet connection and try again.";
const VERIFICATION_SUPPORT_SUFFIX = ' If this issue continues, please contact support.';
export const VERIFICATION_ERROR_EVENT = 'verification_email_send_error';

export type SendVerificationOutcome =
  | { ok: true; code: 'EMAIL_SENT' | 'ALREADY_VERIFIED'; message: string }
  | { ok: false; code: string; message: string };

/** The dialog's text: the server's words (or the default), pointing to support when they do not already. */
export function verificationErrorText(message: string | undefined): string {
  const text = message?.trim() || VERIFICATION_DEFAULT_ERROR;
  return /support/i.test(text) ? text : `${text}${VERIFICATION_SUPPORT_SUFFIX}`;
}

function readBody(error: ApiError): { code?: string; message?: string } {
  const data = error.data;
  return {
    ...(typeof data?.code === 'string' ? { code: data.code } : {}),
    ...(typeof data?.message === 'string' ? { message: data.message } : {}),
  };
}

/**
 * POST /api/auth/send-verification. Any code but EMAIL_SENT or ALREADY_VERIFIED is a failure,
 * reported to analytics with the stored user id (SPEC.md section 7).
 */
export async function sendVerificationEmail(email: string): Promise<SendVerificationOutcome> {
  let failure: { code: string; message: string | undefined };
  try {
    const body = await requestJson<Partial<SendVerificationResponse>>('POST', '/api/auth/send-verification', { email });
    if (body.code === 'EMAIL_SENT' || body.code === 'ALREADY_VERIFIED') return { ok: true, code: body.code, message: body.message ?? '' };
    failure = { code: body.code ?? 'UNKNOWN_ERROR', message: body.message };
  } catch (error) {
    if (isNetworkError(error)) {
      failure = { code: 'CLIENT_ERROR', message: VERIFICATION_NETWORK_ERROR };
    } else {
      const body = error instanceof ApiError ? readBody(error) : {};
      failure = { code: body.code ?? 'UNKNOWN_ERROR', message: body.message };
    }
  }
  trackEvent(VERIFICATION_ERROR_EVENT, { userId: getStoredUserId(), errorCode: failure.code });
  return { ok: false, code: failure.code, message: verificationErrorText(failure.message) };
}
