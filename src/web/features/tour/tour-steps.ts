export interface TourStep {
  /** The `data-tour` value of the element the step points at; the step is centred when it is not on screen. */
  target: string;
  title: string;
  body: string;
}

/** The main tour: one step per part of the app a new user needs first. */
export const TOURS: Record<string, readonly TourStep[]> = {
  main: [
    {
      target: 'nav-dashboard',
      title: 'Your CRM health at a glance',
      body: 'The dashboard shows one health score per object type, built from completeness, freshness, duplicates and update frequency, and how it moves from scan to scan.',
    },
    {
      target: 'nav-duplicates',
      title: 'Duplicates, with reasons',
      body: 'Every proposed duplicate group shows why its records match, field by field. Merge the ones you agree with, dismiss the rest: dismissed pairs are never proposed again.',
    },
    {
      target: 'nav-reports',
      title: 'Reports and trends',
      body: 'See which fields are most often empty or duplicated, and whether your data gets better over time.',
    },
    {
      target: 'nav-settings',
      title: 'Connect HubSpot and set the schedule',
      body: 'Connect your portal, choose what to scan and how often, and where to be told: email or Slack.',
    },
    {
      target: 'tour-button',
      title: 'Come back any time',
      body: 'Open this tour again from here whenever you want a refresher.',
    },
  ],
};
