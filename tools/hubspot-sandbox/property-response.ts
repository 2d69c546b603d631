/** Property definitions in HubSpot's response shape. */
import type { PropertyDefinition } from '../../src/synthetic-crm';

/** HubSpot's read-only definitions carry these dates; fixed so responses stay deterministic. */
const DEFINED_AT = '2019-08-06T02:41:52.474Z';

/** A definition in the shape of `GET /crm/v3/properties/{type}`. */
export function propertyResponse(definition: PropertyDefinition, displayOrder: number): Record<string, unknown> {
  return {
    updatedAt: DEFINED_AT,
    createdAt: DEFINED_AT,
    name: definition.name,
    label: definition.label,
    type: definition.type,
    fieldType: definition.fieldType,
    description: definition.description,
    groupName: definition.groupName,
    options: definition.options,
    displayOrder,
    calculated: definition.calculated,
    externalOptions: definition.name === 'hubspot_owner_id',
    hasUniqueValue: definition.hasUniqueValue,
    hidden: definition.hidden,
    hubspotDefined: true,
    modificationMetadata: { archivable: false, readOnlyDefinition: true, readOnlyValue: definition.readOnlyValue },
    formField: !definition.readOnlyValue,
    dataSensitivity: 'non_sensitive',
  };
}
