import { AppPlaceholderPage } from '../components/placeholder-page';

export function AssistantPage() {
  return (
    <AppPlaceholderPage
      title="AI Assistant"
      description="Ask questions about your CRM data and get recommendations for cleaning it."
      note="Your conversation with the assistant appears here."
    />
  );
}
