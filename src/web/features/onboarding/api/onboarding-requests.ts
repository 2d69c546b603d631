import type { ObjectType } from '../../../../shared/object-types';
import type { UserSettingsView } from '../../../../shared/contracts/settings';
import { requestJson } from '../../../lib/api-request';

/** POST /api/onboarding/complete: the set-up is not offered again. */
export function completeOnboarding(): Promise<unknown> {
  return requestJson('POST', '/api/onboarding/complete');
}

/** PUT /api/settings with just the object types: what scans analyze from now on. */
export function saveObjectsToAnalyze(objectsToAnalyze: ObjectType[]): Promise<UserSettingsView> {
  return requestJson<UserSettingsView>('PUT', '/api/settings', { objectsToAnalyze });
}
