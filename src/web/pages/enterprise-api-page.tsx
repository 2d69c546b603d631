import { AppPlaceholderPage } from '../components/placeholder-page';

export function EnterpriseApiPage() {
  return (
    <AppPlaceholderPage
      title="Enterprise API"
      description="API keys, usage and quotas for reaching DataCleaner from your own systems."
      note="Your API keys and today's usage are listed here."
    />
  );
}
