import { AppPlaceholderPage } from '../components/placeholder-page';

export function OnboardingPage() {
  return (
    <AppPlaceholderPage
      title="Welcome to DataCleaner"
      description="Connect HubSpot, choose what to scan and run your first health check."
      note="The guided set-up steps are shown here."
    />
  );
}
