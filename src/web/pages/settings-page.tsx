import { AppPlaceholderPage } from '../components/placeholder-page';

export function SettingsPage() {
  return (
    <AppPlaceholderPage
      title="Settings"
      description="Your HubSpot connection, scan schedule, matching rules and notifications."
      note="Connection, scanning and notification settings are listed here."
    />
  );
}
