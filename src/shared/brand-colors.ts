/**
 * The app's teal, for what cannot read the style sheet: emails (inline styles) and pages the
 * server renders. src/web/styles.css defines the same values as --color-brand-*; a test
 * (email-templates.test.ts) keeps the two equal.
 */
export const BRAND_COLORS = {
  50: '#f0fdfa',
  100: '#ccfbf1',
  600: '#0d9488',
  700: '#0f766e',
  900: '#134e4a',
} as const;
