import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import { AUTH_MESSAGES, emailSchema, passwordSchema } from '../../../shared/contracts/auth';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast-store';
import { ApiError, serverMessage } from '../../lib/api-request';
import { fieldErrors, hasErrors } from '../../lib/form-errors';
import { setStoredUserId } from '../../lib/local-storage';
import { register } from './api/auth-requests';
import { registerOutcome, type AuthOutcome } from './auth-outcomes';

/** The register contract, with the match checked even while other fields are still wrong. */
const registerFormSchema = z
  .object({ email: emailSchema, password: passwordSchema, confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, { message: AUTH_MESSAGES.passwordsDiffer, path: ['confirmPassword'], when: () => true });

const EMPTY = { email: '', password: '', confirmPassword: '' };

export function RegisterForm({ onOutcome }: { onOutcome: (outcome: AuthOutcome) => void }) {
  const [values, setValues] = useState(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const errors = submitted ? fieldErrors(registerFormSchema, values) : {};

  const mutation = useMutation({
    mutationFn: register,
    onSuccess: (response) => {
      // Registration signs nobody in (the emailed link or a sign-in does), so the user is not
      // cached as signed in; its id is stored for the verification screen's analytics (SPEC.md section 7).
      setStoredUserId(response.user.id);
      const outcome = registerOutcome(response);
      if (outcome.kind === 'verify') {
        setValues(EMPTY);
        setSubmitted(false);
      }
      onOutcome(outcome);
    },
    onError: (error) => {
      const description = (error instanceof ApiError && serverMessage(error)) || 'An error occurred during registration';
      toast({ title: 'Registration failed', description, variant: 'destructive' });
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (hasErrors(fieldErrors(registerFormSchema, values))) return;
    mutation.mutate({ email: values.email.trim(), password: values.password });
  };

  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value }));

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Register">
      <Field label="Email" type="email" name="email" autoComplete="email" placeholder="you@company.com" value={values.email} onChange={set('email')} error={errors.email} />
      <Field
        label="Password"
        type="password"
        name="password"
        autoComplete="new-password"
        hint="At least 6 characters."
        value={values.password}
        onChange={set('password')}
        error={errors.password}
      />
      <Field
        label="Confirm Password"
        type="password"
        name="confirmPassword"
        autoComplete="new-password"
        value={values.confirmPassword}
        onChange={set('confirmPassword')}
        error={errors.confirmPassword}
      />
      <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending}>
        {mutation.isPending && <Spinner className="h-4 w-4" />}
        Create Account
      </Button>
    </form>
  );
}
