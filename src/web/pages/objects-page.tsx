import { useParams } from 'react-router';
import { OBJECT_TYPES, type ObjectType } from '../../shared/object-types';
import { ObjectList } from '../features/objects/object-list';
import { ObjectRecord } from '../features/objects/object-record';
import { NotFoundPage } from './not-found-page';

function isObjectType(value: string | undefined): value is ObjectType {
  return OBJECT_TYPES.some((type) => type === value);
}

/** /objects/{objectType}: the records of a type; /objects/{objectType}/{id}: one record. */
export function ObjectsPage() {
  const { objectType, id } = useParams();
  if (!isObjectType(objectType)) return <NotFoundPage />;
  // A new record starts from its own loading state, not the previous record's page.
  return id ? <ObjectRecord key={`${objectType}/${id}`} objectType={objectType} id={id} /> : <ObjectList objectType={objectType} />;
}
