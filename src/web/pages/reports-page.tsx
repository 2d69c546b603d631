import { AppPlaceholderPage } from '../components/placeholder-page';

export function ReportsPage() {
  return (
    <AppPlaceholderPage
      title="Reports"
      description="Health trends, duplication by field and scan history for every object type."
      note="Reports build up with every scan you run."
    />
  );
}
