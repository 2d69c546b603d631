import { createContext, useContext } from 'react';
import { BUILD_FLAGS, type AppFlags } from '../lib/app-flags';

const AppFlagsContext = createContext<AppFlags>(BUILD_FLAGS);

/** Tests render with other flags than the build's. */
export const AppFlagsProvider = AppFlagsContext.Provider;

export function useAppFlags(): AppFlags {
  return useContext(AppFlagsContext);
}

/** SPEC.md section 1: sign-up wording in interest-only mode. */
export function signUpLabel(flags: AppFlags, standard: 'Get Started' | 'Start Free Trial'): string {
  return flags.interestOnly ? 'Register Interest' : standard;
}
