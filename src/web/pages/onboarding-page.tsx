import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { HubSpotStatus } from '../../shared/contracts/hubspot';
import { OBJECT_TYPES, type ObjectType } from '../../shared/object-types';
import { LoadingState } from '../components/ui/spinner';
import { SectionError } from '../features/dashboard/dashboard-panel';
import { useHubspotStatus } from '../features/dashboard/api/get-hubspot-status';
import { ChooseObjectsStep, ConnectStep, FirstScanStep, OnboardingSteps } from '../features/onboarding/onboarding-steps';
import { completeOnboarding } from '../features/onboarding/api/onboarding-requests';
import { useSettings } from '../features/settings/api/get-settings';
import { userQueryKey } from '../features/auth/api/current-user';
import { portalDisplayName } from '../../shared/portal-name';

type Step = 'connect' | 'objects' | 'scan';

/**
 * /onboarding: connect HubSpot, choose the object types to analyze, run the first scan with
 * live progress, then the dashboard. Each step can be left and picked up again: the step
 * shown follows from what is already done.
 */
export function OnboardingPage() {
  const status = useHubspotStatus();
  const settings = useSettings();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<ObjectType[] | null>(null);
  const finish = useMutation({
    mutationFn: completeOnboarding,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: userQueryKey(false) });
      navigate('/dashboard', { replace: true });
    },
  });

  return (
    <div className="mx-auto max-w-3xl space-y-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Welcome to DataCleaner</h1>
        <p className="mt-1 text-slate-600">Three steps to your first CRM health check. It takes a few minutes.</p>
      </div>
      {status.isPending || settings.isPending ? (
        <LoadingState label="Loading your set-up" className="py-24" />
      ) : status.isError || settings.isError ? (
        <SectionError
          message="Your set-up could not be loaded."
          onRetry={() => {
            void status.refetch();
            void settings.refetch();
          }}
        />
      ) : (
        <Steps status={status.data} objectsToAnalyze={settings.data.objectsToAnalyze} chosen={chosen} setChosen={setChosen} onFinish={() => finish.mutate()} finishing={finish.isPending} />
      )}
      {chosen === null && (
        <p className="text-center text-sm text-slate-500">
          <button type="button" onClick={() => finish.mutate()} className="font-medium text-slate-600 underline decoration-slate-300 underline-offset-2 hover:text-slate-900">
            Skip set-up for now
          </button>{' '}
          — you can connect HubSpot and scan later from Settings and the dashboard.
        </p>
      )}
    </div>
  );
}

function Steps({
  status,
  objectsToAnalyze,
  chosen,
  setChosen,
  onFinish,
  finishing,
}: {
  status: HubSpotStatus;
  objectsToAnalyze: ObjectType[];
  chosen: ObjectType[] | null;
  setChosen: (chosen: ObjectType[] | null) => void;
  onFinish: () => void;
  finishing: boolean;
}) {
  const step: Step = !status.connected ? 'connect' : chosen === null ? 'objects' : 'scan';
  const portal = portalDisplayName(status) ?? 'your portal';
  return (
    <>
      <OnboardingSteps current={step} />
      {step === 'connect' && <ConnectStep oauthAvailable={status.oauthAvailable} problem={status.problem} />}
      {step === 'objects' && <ChooseObjectsStep portal={portal} initial={objectsToAnalyze.length > 0 ? objectsToAnalyze : [...OBJECT_TYPES]} onDone={setChosen} />}
      {step === 'scan' && <FirstScanStep objectTypes={chosen ?? []} onBack={() => setChosen(null)} onFinish={onFinish} finishing={finishing} />}
    </>
  );
}
