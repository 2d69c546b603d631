import { SitePlaceholderPage } from '../components/placeholder-page';

export function PrivacyPolicyPage() {
  return <SitePlaceholderPage title="Privacy Policy" description="How DataCleaner collects, uses and protects your personal data and the CRM data you connect." />;
}
