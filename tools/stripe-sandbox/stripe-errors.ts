/** Errors with Stripe's body: `{ error: { type, code, message, param, doc_url } }`. */
export type StripeErrorType = 'invalid_request_error' | 'card_error' | 'api_error' | 'idempotency_error';

export class StripeApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly type: StripeErrorType = 'invalid_request_error',
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }

  body(): { error: Record<string, string> } {
    const error: Record<string, string> = { type: this.type, message: this.message };
    if (this.code) {
      error.code = this.code;
      error.doc_url = `https://stripe.com/docs/error-codes/${this.code.replaceAll('_', '-')}`;
    }
    if (this.param) error.param = this.param;
    return { error };
  }
}

/** 404 resource_missing, e.g. "No such customer: 'cus_123'". */
export function noSuch(kind: string, id: string, param = 'id'): StripeApiError {
  return new StripeApiError(404, `No such ${kind}: '${id}'`, 'invalid_request_error', 'resource_missing', param);
}

export function missingParam(param: string): StripeApiError {
  return new StripeApiError(400, `Missing required param: ${param}.`, 'invalid_request_error', 'parameter_missing', param);
}

export function invalidParam(param: string, message: string): StripeApiError {
  return new StripeApiError(400, message, 'invalid_request_error', 'parameter_invalid', param);
}
