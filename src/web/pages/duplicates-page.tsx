import { AppPlaceholderPage } from '../components/placeholder-page';

export function DuplicatesPage() {
  return (
    <AppPlaceholderPage
      title="Duplicates"
      description="Groups of records that look like the same contact, company, deal or ticket, with the reason for each match."
      note="Duplicate groups appear here after a scan finds them."
    />
  );
}
