import { describe, expect, it } from 'vitest';
import * as service from '@/catalogue/connector-specs';
import { DESTINATION_SPECS, SOURCE_SPECS } from './seed-specs';

// Forms and tests written against the mock must work against the real service: every spec and
// property of the service's catalogue is in the mock with the same type and required flag.

const shape = (specs: { name: string; propertyDefinitions: { name: string; type: string; required?: boolean }[] }[]) =>
  specs.map((spec) => ({
    name: spec.name,
    propertyDefinitions: spec.propertyDefinitions.map(({ name, type, required }) => ({ name, type, required: required ?? false })),
  }));

describe('mock spec catalogue', () => {
  it('has every source spec and property of the service', () => {
    const mock = shape(SOURCE_SPECS);
    for (const spec of shape(service.SOURCE_SPECS)) {
      expect(
        mock.find((candidate) => candidate.name === spec.name),
        spec.name,
      ).toMatchObject({
        propertyDefinitions: expect.arrayContaining(spec.propertyDefinitions.map((definition) => expect.objectContaining(definition) as unknown)) as unknown,
      });
    }
  });

  it('has every destination spec and property of the service', () => {
    const mock = shape(DESTINATION_SPECS);
    for (const spec of shape(service.DESTINATION_SPECS)) {
      expect(
        mock.find((candidate) => candidate.name === spec.name),
        spec.name,
      ).toMatchObject({
        propertyDefinitions: expect.arrayContaining(spec.propertyDefinitions.map((definition) => expect.objectContaining(definition) as unknown)) as unknown,
      });
    }
  });
});
