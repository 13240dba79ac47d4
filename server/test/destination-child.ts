import { destinationConnector } from '../connectors/registry';
import type { LoadTarget, Row } from '../connectors/types';
import { enterBoundary } from '../security/boundary';

// A process that opens loads, writes rows into each, says so on stdout and waits: the test kills it
// with SIGKILL mid-load, as a crash or a power cut would. argv[2] is the JSON of `ChildLoads`.

export interface ChildLoads {
  folder: string;
  spec: string;
  loads: { properties: Record<string, string | number | boolean>; target: Omit<LoadTarget, 'extractedAt'> & { extractedAt: string } }[];
  rows: Row[];
}

const job = JSON.parse(process.argv[2] ?? '{}') as ChildLoads;
enterBoundary({ dataDir: `${job.folder}/data`, fileRoots: [job.folder], listen: { host: '127.0.0.1', port: 1 }, database: null, connectorAllow: [] });
const connector = destinationConnector(job.spec);
if (!connector) throw new Error(`No destination ${job.spec}`);
for (const { properties, target } of job.loads) {
  const writer = await connector.open(properties, { ...target, extractedAt: new Date(target.extractedAt) });
  await writer.write(job.rows);
  await writer.write(job.rows.map((row) => ({ ...row, id: Number(row.id) + 1000 })));
}
process.stdout.write('written\n');
setInterval(() => undefined, 60_000);
