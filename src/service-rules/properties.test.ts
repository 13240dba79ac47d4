import { describe, expect, it } from 'vitest';
import { sourceSpec } from '@/catalogue/connector-specs';
import { propertyValue, withDefaults } from './properties';

// What the service assumes of a property left unset is what a form shows first: one rule, the catalogue's default.

const csv = sourceSpec('csv')?.propertyDefinitions ?? [];

describe('a property value or its default', () => {
  it('gives the CSV header switch on and the delimiter a comma when they are unset, null or empty', () => {
    expect(propertyValue(csv, {}, 'header')).toBe(true);
    expect(propertyValue(csv, { header: null }, 'header')).toBe(true);
    expect(propertyValue(csv, { delimiter: '' }, 'delimiter')).toBe(',');
    expect(propertyValue(csv, {}, 'location')).toBeUndefined();
  });

  it('keeps a value that is set, off included', () => {
    expect(propertyValue(csv, { header: false }, 'header')).toBe(false);
    expect(propertyValue(csv, { delimiter: ';' }, 'delimiter')).toBe(';');
  });

  it('fills every default a form starts from, and leaves out what has none', () => {
    expect(withDefaults(csv, { location: 'orders.csv' })).toEqual({ location: 'orders.csv', delimiter: ',', header: true });
  });
});
