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

export interface DiscoveredItem {
  name: string;
  category: string;
  notes: string | null;
}

/**
 * Refuses settings that point where this service may not go (a RefusedTarget, answered 400) before
 * they are stored. Connectors check again when they connect: a setting is only a hint of where it goes.
 */
export type TargetCheck = (properties: PlainProperties) => Promise<void>;

export interface SourceConnector {
  checkTarget?: TargetCheck;
  /** Connects for real and reads as little as tells whether a run could read (source verify, bounded at 10 s). */
  verify: (properties: PlainProperties, signal: AbortSignal) => Promise<VerificationMessage[]>;
  /** Tables, endpoints or columns this source offers, found by looking at it (discovery). */
  discover: (properties: PlainProperties, signal: AbortSignal) => Promise<DiscoveredItem[]>;
  /** The resources a run moves; connecting happens here, so a wrong password fails the run with its message. */
  resources: (properties: PlainProperties, signal: AbortSignal) => Promise<ResourceReader[]>;
}

/** Writes one resource; nothing is visible in the destination until `commit`. */
export interface ResourceWriter {
  write: (rows: Row[]) => Promise<void>;
  commit: () => Promise<void>;
  abort: () => Promise<void>;
}

export interface DestinationConnector {
  checkTarget?: TargetCheck;
  verify: (properties: PlainProperties, signal: AbortSignal) => Promise<VerificationMessage[]>;
  open: (properties: PlainProperties, resource: string, loadId: string) => Promise<ResourceWriter>;
  /** Removes what a load left behind when the service died before it could commit or abort. */
  discard?: (properties: PlainProperties, resource: string, loadId: string) => Promise<void>;
}

export const info = (name: string, message: string): VerificationMessage => ({ name, message, is_error: false });
export const failure = (name: string, message: string): VerificationMessage => ({ name, message, is_error: true });
