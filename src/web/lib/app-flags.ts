/** The build-time switches of SPEC.md section 1, read in this one place. */
export interface AppFlags {
  /** 'Register Interest' wording, no Login link, /login goes to the Register tab. */
  interestOnly: boolean;
  /** Every page behaves as the demo under /demo, whatever the path. */
  forceDemo: boolean;
}

export const BUILD_FLAGS: AppFlags = {
  interestOnly: import.meta.env.VITE_INTEREST_ONLY === 'true',
  forceDemo: import.meta.env.VITE_FORCE_DEMO === 'true',
};
