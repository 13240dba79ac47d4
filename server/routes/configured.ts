import type { z } from 'zod';
import type { PropertyDefinitionWire } from '@/catalogue/connector-specs';
import { usedByFlows } from '@/api/messages';
import { Conflict, InvalidInput, NotFound } from '@/service-rules/errors';
import { nameOr } from '@/service-rules/names';
import { readBodyWithProperties } from '@/service-rules/properties';
import { specNamed } from '@/service-rules/specs';
import { checkTargets } from '../connectors/registry';
import type { VerificationMessage } from '../connectors/types';
import { applyProperties, type PlainProperties, revealProperties } from '../properties';
import type { Profile } from '../profile';
import type { Services } from '../services';
import type { Page } from '@/service-rules/request-params';
import type { ConfiguredRow, ConfiguredStore } from '../store/configured';
import type { SpecForm } from './configured-wire';
import { verifyStored } from './verify';

// Sources and destinations are twins: listed, created from a spec, read, changed and verified alike.
// These are the route bodies of both; sources.ts adds what only sources have (discovery, resolvers,
// cards), destinations.ts nothing. Their bodies carry properties, read against the spec
// (src/service-rules/properties.ts): the operations table hands them over as parsed JSON.

type WithId = { params: { id: number } };

type ConnectionCheck = (properties: PlainProperties, signal: AbortSignal) => Promise<VerificationMessage[]>;

export interface ConfiguredKind<Row extends ConfiguredRow, Wire> {
  noun: 'source' | 'destination';
  spec: (name: string) => { name: string; displayName: string; propertyDefinitions: PropertyDefinitionWire[] } | undefined;
  store: ConfiguredStore<Row>;
  wire: (row: Row, form?: SpecForm, profile?: Profile) => Wire;
  connectionCheck: (spec: string) => ConnectionCheck | undefined;
  createSchema: z.ZodType<{ displayName?: string | undefined }>;
  updateSchema: z.ZodType<{ displayName?: string | undefined }>;
  /** After its properties were set (a source's discovery starts again). */
  propertiesSet?: (row: Row) => Promise<void>;
}

export function configuredRoutes<Row extends ConfiguredRow, Wire>(services: Services, kind: ConfiguredKind<Row, Wire>) {
  const { db, box } = services;
  const find = async (id: number): Promise<Row> => {
    const row = await kind.store.find(db, id);
    if (!row) throw new NotFound();
    return row;
  };
  const specOf = (row: Row) => {
    const spec = kind.spec(row.spec);
    if (!spec) throw new InvalidInput(`The ${kind.noun} spec "${row.spec}" is no longer available.`);
    return spec;
  };

  return {
    find,

    list: async ({ query }: { query: Page }) => ({ data: (await kind.store.list(db, query)).map((row) => kind.wire(row, 'summary', services.profile)) }),

    create: async ({ body }: { body: unknown }) => {
      const spec = specNamed(kind.noun, body, kind.spec);
      const { input, properties } = readBodyWithProperties(kind.createSchema, spec.propertyDefinitions, body);
      const stored = applyProperties(spec.propertyDefinitions, {}, properties, box);
      await checkTargets(kind.noun, spec.name, revealProperties(stored, box));
      const row = await kind.store.insert(db, { displayName: nameOr(input.displayName, spec.displayName), spec: spec.name, properties: stored });
      await kind.propertiesSet?.(row);
      return { data: kind.wire(row, 'full', services.profile) };
    },

    get: async ({ params }: WithId) => ({ data: kind.wire(await find(params.id), 'full', services.profile) }),

    update: async ({ params, body }: WithId & { body: unknown }) => {
      const current = await find(params.id);
      const spec = specOf(current);
      const { input, properties } = readBodyWithProperties(kind.updateSchema, spec.propertyDefinitions, body);
      const stored = applyProperties(spec.propertyDefinitions, current.properties, properties, box);
      const changesProperties = Object.keys(properties).length > 0;
      if (changesProperties) await checkTargets(kind.noun, spec.name, revealProperties(stored, box));
      const row = await kind.store.update(db, current.id, { displayName: nameOr(input.displayName, current.display_name), properties: stored });
      if (!row) throw new NotFound();
      if (changesProperties) await kind.propertiesSet?.(row);
      return { data: kind.wire(row, 'full', services.profile) };
    },

    /** Refused while a flow uses it, naming the flows; a source's card links go with it (the cards table cascades). */
    remove: async ({ params }: WithId) => {
      const row = await find(params.id);
      const users = await kind.store.usedBy(db, row.id);
      if (users.length === 0 && (await kind.store.remove(db, row.id))) return { data: true as const };
      // A flow made since the first look, or it was deleted meanwhile.
      const now = users.length > 0 ? users : await kind.store.usedBy(db, row.id);
      if (now.length === 0) throw new NotFound();
      throw new Conflict(usedByFlows(kind.noun, row.id, now));
    },

    verify: async ({ params }: WithId) => {
      const row = await find(params.id);
      return { data: await verifyStored(services, kind.noun, row, kind.spec(row.spec), kind.connectionCheck(row.spec)) };
    },
  };
}
