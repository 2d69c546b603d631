import { useParams } from 'react-router';
import { OBJECT_TYPES, type ObjectType } from '../../shared/object-types';
import { AppPlaceholderPage } from '../components/placeholder-page';
import { NotFoundPage } from './not-found-page';

const LABELS: Record<ObjectType, { title: string; one: string; singular: string }> = {
  contacts: { title: 'Contacts', one: 'Contact', singular: 'contact' },
  companies: { title: 'Companies', one: 'Company', singular: 'company' },
  deals: { title: 'Deals', one: 'Deal', singular: 'deal' },
  tickets: { title: 'Tickets', one: 'Ticket', singular: 'ticket' },
};

function isObjectType(value: string | undefined): value is ObjectType {
  return OBJECT_TYPES.some((type) => type === value);
}

/** /objects/{objectType} and /objects/{objectType}/{id}. */
export function ObjectsPage() {
  const { objectType, id } = useParams();
  if (!isObjectType(objectType)) return <NotFoundPage />;
  const labels = LABELS[objectType];
  if (id) {
    return (
      <AppPlaceholderPage
        title={`${labels.one} ${id}`}
        description={`The fields of this ${labels.singular}, how complete they are, and any duplicates it belongs to.`}
        note={`The ${labels.singular}'s details are shown here.`}
      />
    );
  }
  return (
    <AppPlaceholderPage
      title={labels.title}
      description={`Every ${labels.singular} from your HubSpot portal, with missing fields and stale records marked.`}
      note={`Your ${labels.title.toLowerCase()} are listed here after the first scan.`}
    />
  );
}
