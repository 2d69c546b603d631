import { SitePlaceholderPage } from '../components/placeholder-page';

export function GdprPage() {
  return <SitePlaceholderPage title="GDPR" description="Your rights under the GDPR and how to use them: access, export and deletion of your data." />;
}
