import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { profileRequestSchema } from '../../shared/contracts/accounts';
import { Alert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { Field } from '../components/ui/field';
import { Spinner } from '../components/ui/spinner';
import { toast } from '../components/ui/toast-store';
import { serverMessage } from '../lib/api-request';
import { fieldErrors, hasErrors } from '../lib/form-errors';
import { saveProfile } from '../features/auth/api/auth-requests';
import { useCurrentUser } from '../features/auth/api/current-user';
import { DASHBOARD_PATH, ONBOARDING_PATH } from '../features/auth/auth-outcomes';
import { hubspotStatusQueryOptions } from '../features/dashboard/api/get-hubspot-status';
import { useSignInState } from '../features/auth/use-sign-in-state';

/** The set-up on /onboarding comes next until HubSpot is connected; if the status cannot be read, it shows that too. */
async function hubspotConnected(queryClient: QueryClient): Promise<boolean> {
  try {
    return (await queryClient.fetchQuery(hubspotStatusQueryOptions())).connected;
  } catch {
    return false;
  }
}

/** /profile/setup: the three fields every account needs before the app opens. */
export function ProfileSetupPage() {
  const { data: user } = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { signedIn } = useSignInState();
  const [values, setValues] = useState({
    fullName: user?.fullName ?? user?.displayName ?? '',
    countryOfResidence: user?.countryOfResidence ?? '',
    contactPhone: user?.contactPhone ?? '',
  });
  const [submitted, setSubmitted] = useState(false);
  const errors = submitted ? fieldErrors(profileRequestSchema, values) : {};

  const mutation = useMutation({
    mutationFn: saveProfile,
    onSuccess: async (saved) => {
      signedIn(saved);
      toast({ title: 'Profile saved', description: 'Welcome to DataCleaner!', variant: 'success' });
      navigate((await hubspotConnected(queryClient)) ? DASHBOARD_PATH : ONBOARDING_PATH, { replace: true });
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (hasErrors(fieldErrors(profileRequestSchema, values))) return;
    mutation.mutate({ fullName: values.fullName.trim(), countryOfResidence: values.countryOfResidence.trim(), contactPhone: values.contactPhone.trim() });
  };

  const set = (field: keyof typeof values) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value }));

  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Complete your profile</h1>
      <p className="mt-2 text-sm text-slate-600">A few details so we know who to contact about your account.</p>
      <form noValidate onSubmit={onSubmit} className="mt-6 space-y-5" aria-label="Profile">
        {mutation.isError && <Alert tone="error">{serverMessage(mutation.error) ?? 'Your profile could not be saved. Please try again.'}</Alert>}
        <Field label="Full name" name="fullName" autoComplete="name" value={values.fullName} onChange={set('fullName')} error={errors.fullName} />
        <Field
          label="Country of residence"
          name="countryOfResidence"
          autoComplete="country-name"
          value={values.countryOfResidence}
          onChange={set('countryOfResidence')}
          error={errors.countryOfResidence}
        />
        <Field
          label="Contact phone"
          name="contactPhone"
          type="tel"
          autoComplete="tel"
          placeholder="+1 555 123 4567"
          value={values.contactPhone}
          onChange={set('contactPhone')}
          error={errors.contactPhone}
        />
        <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending}>
          {mutation.isPending && <Spinner className="h-4 w-4" />}
          Save and continue
        </Button>
      </form>
    </div>
  );
}
