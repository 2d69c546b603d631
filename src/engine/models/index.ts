import type { ObjectType } from '../../shared/object-types';
import type { ObjectModel } from '../types';
import { companiesModel } from './companies';
import { contactsModel } from './contacts';
import { dealsModel } from './deals';
import { ticketsModel } from './tickets';

export const OBJECT_MODELS: Record<ObjectType, ObjectModel> = {
  contacts: contactsModel,
  companies: companiesModel,
  deals: dealsModel,
  tickets: ticketsModel,
};

export function objectModel(objectType: ObjectType): ObjectModel {
  const model = OBJECT_MODELS[objectType];
  if (!model) throw new Error(`Unknown object type ${String(objectType)}: expected contacts, companies, deals or tickets`);
  return model;
}
