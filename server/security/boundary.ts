// What connectors may touch, per running service. A process normally runs one service; tests run
// several in one process, so the registry keeps each one's settings and the checks honour them all
// (a path must be allowed by one of them and private to none; an address must be the own address of none).

export interface Endpoint {
  host: string;
  port: number;
}

export interface Boundary {
  /** The data folder: its own files (secret key, database, logs) are never connector targets. */
  dataDir: string;
  /** Folders connectors may read and write in. */
  fileRoots: string[];
  /** The service's listening address, known once it listens. */
  listen: Endpoint | null;
  /** The service's own Postgres. */
  database: Endpoint | null;
  /** FLOWDECK_CONNECTOR_ALLOW: private addresses or ranges connectors may reach all the same. */
  connectorAllow: string[];
}

const active = new Set<Boundary>();

/** Registers a service's boundary; the returned function removes it when the service stops. */
export function enterBoundary(boundary: Boundary): () => void {
  active.add(boundary);
  return () => {
    active.delete(boundary);
  };
}

export function activeBoundaries(): readonly Boundary[] {
  return [...active];
}
