import { AppPlaceholderPage } from '../components/placeholder-page';

export function DashboardPage() {
  return (
    <AppPlaceholderPage
      title="Dashboard"
      description="Your CRM's health score, the duplicates found and how both change over time."
      note="Health scores and duplicate counts appear here after your first scan."
    />
  );
}
