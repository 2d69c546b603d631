/** HubSpot's own web app hosts: account details' uiDomain names these, never a portal. */
const HUBSPOT_APP_HOST = /^app(-[a-z0-9]+)?\.hubspot\.com$/i;

/**
 * What the product calls a connected portal: its name where HubSpot gave one, else its
 * domain (OAuth's hub_domain), else "Portal <id>". Never HubSpot's app host, which every
 * private app's account details name alike.
 */
export function portalDisplayName(portal: { portalName?: string | null; hubDomain?: string | null; hubId?: string | null }): string | null {
  if (portal.portalName) return portal.portalName;
  if (portal.hubDomain && !HUBSPOT_APP_HOST.test(portal.hubDomain)) return portal.hubDomain;
  return portal.hubId ? `Portal ${portal.hubId}` : null;
}
