import type { ClientUser } from '../../../shared/contracts/auth';
import type { User } from '../../db/schema';
import { trialStatus } from './trial';

/** The profile fields /profile/setup asks for: until all three are filled the app sends the user there. */
export function needsProfileCompletion(user: Pick<User, 'fullName' | 'countryOfResidence' | 'contactPhone'>): boolean {
  return !user.fullName?.trim() || !user.countryOfResidence?.trim() || !user.contactPhone?.trim();
}

/** The user as the web app reads it (SPEC.md section 3): no hashes, tokens or billing ids. */
export function toClientUser(user: User, now = new Date()): ClientUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    emailVerified: user.emailVerified,
    fullName: user.fullName,
    countryOfResidence: user.countryOfResidence,
    contactPhone: user.contactPhone,
    displayName: user.displayName,
    profilePicture: user.profilePicture,
    isGoogleAccount: user.isGoogleAccount,
    hasPassword: user.password !== null,
    plan: user.plan,
    recordQuota: user.recordQuota,
    hasCompletedOnboarding: user.hasCompletedOnboarding,
    isDemo: user.isDemo,
    createdAt: user.createdAt.toISOString(),
    needsVerification: !user.emailVerified,
    needsProfileCompletion: needsProfileCompletion(user),
    trialStatus: trialStatus(user, now),
  };
}
