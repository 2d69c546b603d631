import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { AUTH_MESSAGES, emailSchema, passwordSchema } from '../../../shared/contracts/auth';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast-store';
import { ApiError, serverMessage } from '../../lib/api-request';
import { fieldErrors, hasErrors } from '../../lib/form-errors';
import { login } from './api/auth-requests';
import { loginOutcome, type AuthOutcome } from './auth-outcomes';
import { useSignInState, userFromResponse } from './use-sign-in-state';

const loginFormSchema = z.object({ email: emailSchema, password: passwordSchema });

interface LoginFormProps {
  redirectTo?: string | undefined;
  onOutcome: (outcome: AuthOutcome) => void;
}

export function LoginForm({ redirectTo, onOutcome }: LoginFormProps) {
  const [values, setValues] = useState({ email: '', password: '' });
  const [submitted, setSubmitted] = useState(false);
  const { signedIn } = useSignInState();
  const errors = submitted ? fieldErrors(loginFormSchema, values) : {};

  const mutation = useMutation({
    mutationFn: login,
    onSuccess: (response) => {
      signedIn(userFromResponse(response));
      onOutcome(loginOutcome(response));
    },
    onError: (error) => {
      // An answer from the server has words for the user; anything else is our failure to reach it.
      const description = error instanceof ApiError ? (serverMessage(error) ?? AUTH_MESSAGES.invalidCredentials) : 'An error occurred while logging in';
      toast({ title: 'Login failed', description, variant: 'destructive' });
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (hasErrors(fieldErrors(loginFormSchema, values))) return;
    mutation.mutate({ email: values.email.trim(), password: values.password, redirectTo });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Sign in">
      <Field
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        placeholder="you@company.com"
        value={values.email}
        onChange={(event) => setValues((v) => ({ ...v, email: event.target.value }))}
        error={errors.email}
      />
      <div>
        <Field
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={values.password}
          onChange={(event) => setValues((v) => ({ ...v, password: event.target.value }))}
          error={errors.password}
        />
        <p className="mt-2 text-right text-sm">
          <Link to="/reset-password" className="font-medium text-brand-700 hover:text-brand-900 hover:underline">
            Forgot your password?
          </Link>
        </p>
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending}>
        {mutation.isPending && <Spinner className="h-4 w-4" />}
        Sign In
      </Button>
    </form>
  );
}
