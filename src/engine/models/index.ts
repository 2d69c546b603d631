import type { ObjectType } from '../../shared/object-types';
import type { ObjectModel } from '../types';
import { companiesModel } from './companies';
import { contactsModel } from './contacts';

export const OBJECT_MODELS: Partial<Record<ObjectType, ObjectModel>> = {
  contacts: contactsModel,
  companies: companiesModel,
};

export function objectModel(objectType: ObjectType): ObjectModel {
  const model = OBJECT_MODELS[objectType];
  if (!model) throw new Error(`No field model for ${objectType}`);
  return model;
}
