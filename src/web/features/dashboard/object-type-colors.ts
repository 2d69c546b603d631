import type { ObjectType } from '../../../shared/object-types';

/** One colour per object type on every chart, so a line and its bars match. */
export const OBJECT_TYPE_COLORS: Readonly<Record<ObjectType, string>> = { contacts: '#0d9488', companies: '#6366f1', deals: '#f59e0b', tickets: '#e11d48' };
