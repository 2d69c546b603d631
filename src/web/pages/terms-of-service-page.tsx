import { SitePlaceholderPage } from '../components/placeholder-page';

export function TermsOfServicePage() {
  return <SitePlaceholderPage title="Terms of Service" description="The terms that apply when you use DataCleaner, its demo and its API." />;
}
