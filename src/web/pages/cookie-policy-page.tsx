import { SitePlaceholderPage } from '../components/placeholder-page';

export function CookiePolicyPage() {
  return <SitePlaceholderPage title="Cookie Policy" description="The cookies and browser storage DataCleaner uses, and what each one is for." />;
}
