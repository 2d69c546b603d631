import type { ObjectHealth } from '../../../shared/contracts/results';
import { PLANS } from '../../../shared/plans';
import { AlertIcon } from '../../components/ui/icons';
import { useCurrentUser } from '../auth/api/current-user';
import { formatCount } from '../dashboard/format-numbers';
import { OBJECT_TYPE_LABELS } from '../scans/object-type-labels';
import { UpgradeLink } from './upgrade-link';

type Selection = NonNullable<ObjectHealth['selection']>;

/** Whether the plan's record limit, not the user's own cap or sampling, cut the scan short. */
export function limitedByPlan(selection: ObjectHealth['selection']): selection is Selection & { recordLimit: number } {
  // Read as a string: the server names the plan's limit apart from the settings cap.
  const reason: string | null | undefined = selection?.limitedBy;
  return reason === 'plan-limit' && selection?.recordLimit != null;
}

/**
 * "Your Starter plan analyses up to 10,000 contacts; 12,345 are in HubSpot. Upgrade to
 * Professional to analyse up to 50,000." The plan is the one whose limit the scan used.
 */
export function PlanLimitNote({ selection, objectType, demo }: { selection: Selection & { recordLimit: number }; objectType: ObjectHealth['objectType']; demo: boolean }) {
  const { data: user } = useCurrentUser();
  const limit = selection.recordLimit;
  const plan = PLANS.find((candidate) => candidate.recordLimit === limit);
  const onTrial = user?.plan === 'free' && user.trialStatus.isTrialActive;
  const whose = onTrial ? 'Your trial' : plan ? `Your ${plan.name} plan` : 'Your plan';
  const next = PLANS.find((candidate) => candidate.recordLimit === null || candidate.recordLimit > limit);
  const records = OBJECT_TYPE_LABELS[objectType].toLowerCase();
  return (
    <p role="note" className="flex gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950">
      <AlertIcon aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-amber-700" />
      <span>
        {whose} analyses up to {formatCount(limit)} {records}; {formatCount(selection.inMirror)} are in HubSpot.
        {next && (
          <>
            {' '}
            <UpgradeLink plan={next} demo={demo} /> to analyse {next.recordLimit === null ? 'them all' : `up to ${formatCount(next.recordLimit)}`}.
          </>
        )}
      </span>
    </p>
  );
}
