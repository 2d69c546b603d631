import { AppPlaceholderPage } from '../components/placeholder-page';

export function HelpPage() {
  return (
    <AppPlaceholderPage
      title="Help"
      description="How scans, health scores and duplicate matching work, and how to get in touch."
      note="Guides and answers to common questions are collected here."
    />
  );
}
