import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import type { Properties } from '@/api/common';
import type { OperationName } from '@/api/operations';
import type { UpdateSourceInput } from '@/api/sources';
import type { DestinationSpecFull } from '@/api/specs';
import type { SpecSummaryData } from '@/components/spec-summary';
import type { EndpointNoun } from '@/lib/endpoint-names';
import type { Listing } from '@/resources/listing';

/** What a source and a destination both are: a name, a spec, and the values saved for that spec's form. */
export interface Endpoint {
  id: number;
  displayName: string;
  properties: Properties;
  updatedAt: string | null;
}

/** A save sends a new name, changed properties, or both (the two update bodies are alike). */
export type EndpointChanges = UpdateSourceInput;

/**
 * What tells the sources' pages from the destinations': written once per kind (`sourceKind`,
 * `destinationKind`) and handed to the pages both share: the list, the header, the new page, the form.
 */
export interface EndpointKind<T extends Endpoint, CreateInput> {
  noun: EndpointNoun;
  /** Its operations, for what the signed-in role may do (usePermission). */
  operations: Record<'create' | 'update' | 'remove' | 'verify', OperationName>;
  /** The line under the list page's title. */
  intro: string;
  listPage: '/sources' | '/destinations';
  /** Its spec in the full form (a source's carries its authentication strategy too). */
  specOf: (endpoint: T) => DestinationSpecFull;
  /** Every one of them, read by the route's loader first. */
  useAll: () => Listing<T>;
  /** One of them, read by the route's loader first. */
  useOne: (id: number) => T;
  /** The spec catalogue to create one from, in summary form. */
  useSpecs: () => UseQueryResult<Listing<SpecSummaryData>>;
  useCreate: () => UseMutationResult<T, Error, CreateInput>;
  createInput: (spec: string, displayName: string | undefined) => CreateInput;
  useUpdate: (id: number) => UseMutationResult<T, Error, EndpointChanges>;
  useDelete: (options?: { onDeleted?: () => void }) => UseMutationResult<true, Error, number>;
  /** Opens a new one's page, where its configuration is. */
  useOpenCreated: () => (created: T) => void;
  /** After creation: what comes next, beside "Skip for now". */
  createdHint: string;
}
