import { describe, expect, it } from 'vitest';
import { OBJECT_TYPES } from '../../shared/object-types';
import { findDuplicates } from '../find-duplicates';
import { warmUp, warmUpRecords } from './warm-up';

describe('warming up an engine thread', () => {
  it('runs every object type through preparing and comparing', () => {
    expect(() => warmUp(200)).not.toThrow();
  });

  it.each(OBJECT_TYPES)('makes %s the engine reads and matches, the same every time', (objectType) => {
    const records = warmUpRecords(objectType, 400);
    expect(warmUpRecords(objectType, 400)).toEqual(records);
    // Like records among them, so comparing reaches its matching levels as well as "different".
    const result = findDuplicates(records, objectType);
    expect(result.pairsCompared).toBeGreaterThan(records.length);
    expect(result.groups.length).toBeGreaterThan(0);
  });
});
