import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { AUTH_MESSAGES, emailSchema, passwordSchema } from '../../shared/contracts/auth';
import { Alert } from '../components/ui/alert';
import { Button, ButtonLink } from '../components/ui/button';
import { Field } from '../components/ui/field';
import { Spinner } from '../components/ui/spinner';
import { serverMessage } from '../lib/api-request';
import { fieldErrors, hasErrors } from '../lib/form-errors';
import { confirmPasswordReset, requestPasswordReset } from '../features/auth/api/auth-requests';

const requestSchema = z.object({ email: emailSchema });
const newPasswordSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, { message: AUTH_MESSAGES.passwordsDiffer, path: ['confirmPassword'], when: () => true });

const FAILED = 'Something went wrong. Please try again in a moment.';

function RequestResetForm() {
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const mutation = useMutation({ mutationFn: requestPasswordReset });
  const errors = submitted ? fieldErrors(requestSchema, { email }) : {};

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (hasErrors(fieldErrors(requestSchema, { email }))) return;
    mutation.mutate(email.trim());
  };

  if (mutation.isSuccess) {
    return (
      <div className="space-y-6">
        <Alert tone="success" title="Check your inbox">
          {mutation.data.message}
        </Alert>
        <ButtonLink to="/auth" variant="secondary" className="w-full">
          Back to Login
        </ButtonLink>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Request a password reset">
      {mutation.isError && <Alert tone="error">{serverMessage(mutation.error) ?? FAILED}</Alert>}
      <Field label="Email" type="email" name="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} error={errors.email} />
      <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending}>
        {mutation.isPending && <Spinner className="h-4 w-4" />}
        Send Reset Link
      </Button>
    </form>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const [values, setValues] = useState({ password: '', confirmPassword: '' });
  const [submitted, setSubmitted] = useState(false);
  const mutation = useMutation({ mutationFn: confirmPasswordReset });
  const errors = submitted ? fieldErrors(newPasswordSchema, values) : {};

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (hasErrors(fieldErrors(newPasswordSchema, values))) return;
    mutation.mutate({ token, ...values });
  };

  if (mutation.isSuccess) {
    return (
      <div className="space-y-6">
        <Alert tone="success" title="Password changed">
          {mutation.data.message}
        </Alert>
        <ButtonLink to="/auth" className="w-full">
          Sign In
        </ButtonLink>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Set password">
      {mutation.isError && (
        <Alert tone="error">
          {serverMessage(mutation.error) ?? FAILED}{' '}
          <Link to="/reset-password" className="font-semibold underline">
            Request a new link
          </Link>
        </Alert>
      )}
      <Field
        label="New Password"
        type="password"
        name="password"
        autoComplete="new-password"
        hint="At least 6 characters."
        value={values.password}
        onChange={(event) => setValues((v) => ({ ...v, password: event.target.value }))}
        error={errors.password}
      />
      <Field
        label="Confirm Password"
        type="password"
        name="confirmPassword"
        autoComplete="new-password"
        value={values.confirmPassword}
        onChange={(event) => setValues((v) => ({ ...v, confirmPassword: event.target.value }))}
        error={errors.confirmPassword}
      />
      <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending}>
        {mutation.isPending && <Spinner className="h-4 w-4" />}
        Reset Password
      </Button>
    </form>
  );
}

/** /reset-password asks for the email; /reset-password?token= (the emailed link) sets the new password. */
export function ResetPasswordPage() {
  const [search] = useSearchParams();
  const token = search.get('token');
  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{token ? 'Choose a new password' : 'Reset your password'}</h1>
      <p className="mt-2 text-sm text-slate-600">
        {token
          ? 'Your new password replaces the old one and signs you out everywhere.'
          : "Enter the email address of your account and we'll email you a link to choose a new password."}
      </p>
      <div className="mt-6">{token ? <NewPasswordForm token={token} /> : <RequestResetForm />}</div>
      {!token && (
        <p className="mt-6 text-center text-sm text-slate-600">
          Remembered it?{' '}
          <Link to="/auth" className="font-semibold text-brand-700 hover:underline">
            Back to Login
          </Link>
        </p>
      )}
    </div>
  );
}
