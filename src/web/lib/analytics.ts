declare global {
  interface Window {
    /** Google Tag Manager's queue, when a tag manager is installed. */
    dataLayer?: unknown[];
  }
}

/** The name of the window event every analytics event is also dispatched as. */
export const ANALYTICS_EVENT = 'datacleaner:analytics';

export type AnalyticsDetail = { event: string } & Record<string, unknown>;

/** Pushes the event to the tag manager's dataLayer and dispatches it on window for any other listener. */
export function trackEvent(event: string, params: Record<string, unknown> = {}): void {
  const detail: AnalyticsDetail = { event, ...params };
  window.dataLayer ??= [];
  window.dataLayer.push(detail);
  window.dispatchEvent(new CustomEvent<AnalyticsDetail>(ANALYTICS_EVENT, { detail }));
}
