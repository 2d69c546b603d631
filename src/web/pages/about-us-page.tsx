import { SitePlaceholderPage } from '../components/placeholder-page';

export function AboutUsPage() {
  return <SitePlaceholderPage title="About Us" description="DataCleaner helps CRM administrators, marketers and sales-operations teams keep HubSpot data clean, complete and free of duplicates." />;
}
