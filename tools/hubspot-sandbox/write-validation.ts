/** Checks and normalises property values on create and update, with HubSpot's error shape. */
import { validationError } from './hubspot-errors';
import type { ObjectType } from './object-types';
import { propertyDefinition } from '../../src/synthetic-crm';
import { parseDateTime } from './record-store';

interface PropertyError {
  isValid: false;
  message: string;
  error: string;
  name: string;
  localizedErrorMessage: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The values to store (null clears), or a 400 listing every bad property as HubSpot does:
 * the list is JSON inside the message.
 */
export function normalizeWrite(type: ObjectType, properties: Readonly<Record<string, unknown>>): Map<string, string | null> {
  const values = new Map<string, string | null>();
  const errors: PropertyError[] = [];
  const fail = (name: string, error: string, message: string) =>
    errors.push({ isValid: false, message, error, name, localizedErrorMessage: message });

  for (const [name, raw] of Object.entries(properties)) {
    const definition = propertyDefinition(type, name);
    if (!definition) {
      fail(name, 'PROPERTY_DOESNT_EXIST', `Property "${name}" does not exist`);
      continue;
    }
    if (definition.readOnlyValue) {
      fail(name, 'READ_ONLY_VALUE', `"${name}" is a read only property; its value cannot be set.`);
      continue;
    }
    if (raw === null || raw === undefined || raw === '') {
      values.set(name, null);
      continue;
    }
    if (typeof raw !== 'string' && typeof raw !== 'number' && typeof raw !== 'boolean') {
      fail(name, 'INVALID_VALUE', `${JSON.stringify(raw)} is not a valid value for ${name}.`);
      continue;
    }
    const text = String(raw);
    switch (definition.type) {
      case 'number':
        if (!Number.isFinite(Number(text.trim())) || text.trim() === '') fail(name, 'INVALID_DOUBLE', `${text} was not a valid number.`);
        else values.set(name, text.trim());
        break;
      case 'datetime': {
        const ms = parseDateTime(text);
        if (Number.isNaN(ms)) fail(name, 'INVALID_DATE', `${text} was not a valid date. Use epoch milliseconds or an ISO 8601 date.`);
        else values.set(name, String(ms));
        break;
      }
      case 'enumeration': {
        const allowed = definition.options.map((option) => option.value);
        const chosen = definition.fieldType === 'checkbox' ? text.split(';') : [text];
        const bad = allowed.length > 0 ? chosen.find((value) => !allowed.includes(value)) : undefined;
        if (bad !== undefined) fail(name, 'INVALID_OPTION', `${bad} was not one of the allowed options: [${allowed.join(', ')}]`);
        else values.set(name, text);
        break;
      }
      default:
        if (name === 'email' && !EMAIL.test(text.trim())) fail(name, 'INVALID_EMAIL', `Email address ${text} is invalid`);
        else values.set(name, text);
    }
  }
  if (errors.length > 0) throw validationError(`Property values were not valid: ${JSON.stringify(errors)}`);
  return values;
}
