import { Link } from 'react-router';
import { cheapestPlanWith, upgradePath, type Plan, type PlanFeature } from '../../../shared/plans';

const linkClass = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900';

/**
 * "Upgrade to Professional", to the subscribe page with that plan marked. In the demo there
 * is nothing to upgrade, so it leads to an account of one's own.
 */
export function UpgradeLink({ plan, demo = false }: { plan: Plan; demo?: boolean }) {
  return (
    <Link to={demo ? '/auth?tab=register' : upgradePath(plan.id)} className={linkClass}>
      Upgrade to {plan.name}
    </Link>
  );
}

/** The upgrade that unlocks a feature: its cheapest plan. */
export function FeatureUpgradeLink({ feature, demo = false }: { feature: PlanFeature; demo?: boolean }) {
  return <UpgradeLink plan={cheapestPlanWith(feature)} demo={demo} />;
}
