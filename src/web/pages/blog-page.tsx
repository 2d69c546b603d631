import { SitePlaceholderPage } from '../components/placeholder-page';

export function BlogPage() {
  return <SitePlaceholderPage title="Blog" description="Articles on CRM data quality, duplicate management and getting more out of HubSpot." />;
}
