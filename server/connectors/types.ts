import type { PlainProperties } from '../properties';

export interface VerificationMessage {
  name: string;
  message: string;
  is_error: boolean;
}

export type Row = Record<string, string | number | boolean | null>;

/** Rows of one resource (table), in batches: a run never holds a whole table in memory. */
export interface ResourceReader {
  name: string;
  batches: (signal: AbortSignal) => AsyncIterable<Row[]>;
}

export interface SourceConnector {
  /** Tables or endpoints this source offers, found by looking at it (discovery). */
  discover: (properties: PlainProperties, signal: AbortSignal) => Promise<{ name: string; category: string; notes: string | null }[]>;
  resources: (properties: PlainProperties) => ResourceReader[];
}

/** Writes one resource; nothing is visible in the destination until `commit`. */
export interface ResourceWriter {
  write: (rows: Row[]) => Promise<void>;
  commit: () => Promise<void>;
  abort: () => Promise<void>;
}

export interface DestinationConnector {
  verify: (properties: PlainProperties, signal: AbortSignal) => Promise<VerificationMessage[]>;
  open: (properties: PlainProperties, resource: string, loadId: string) => Promise<ResourceWriter>;
}

export const info = (name: string, message: string): VerificationMessage => ({ name, message, is_error: false });
export const failure = (name: string, message: string): VerificationMessage => ({ name, message, is_error: true });
