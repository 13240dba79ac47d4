import { sourceSpec } from '@/catalogue/connector-specs';
import { propertyValue } from '@/service-rules/properties';
import type { PlainProperties } from '../properties';
import { canServeAsCursor, rowsAfter } from './cursor';
import { analyze } from './schema';
import { info, type ResourceReader, type Row, type SourceConnector } from './types';

// Deterministic e-commerce tables from a seed and a row count: the same properties give the same
// rows on every run. `rows_per_second` paces the generator like a slow API would. An incremental read
// keeps the rows past the cursor as it generates them.

const BATCH_SIZE = 5_000;
const FIRST_NAMES = ['Ada', 'Grace', 'Linus', 'Margaret', 'Ken', 'Barbara', 'Dennis', 'Frances', 'Edsger', 'Radia'];
const LAST_NAMES = ['Lovelace', 'Hopper', 'Torvalds', 'Hamilton', 'Thompson', 'Liskov', 'Ritchie', 'Allen', 'Dijkstra', 'Perlman'];
const PRODUCTS = ['Keyboard', 'Monitor', 'Desk lamp', 'Notebook', 'Headphones', 'Webcam', 'Chair', 'Mug', 'Backpack', 'Cable'];
const STATUSES = ['placed', 'paid', 'shipped', 'delivered', 'returned'];

/** mulberry32: a tiny seeded generator, so rows depend only on (seed, table, row number). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const pick = <T>(items: readonly T[], r: number): T => items[Math.floor(r * items.length)] as T;
const EPOCH = Date.UTC(2026, 0, 1);

const TABLES: Record<string, { share: number; row: (n: number, next: () => number, counts: { customers: number; products: number }) => Row }> = {
  customers: {
    share: 0.2,
    row: (n, next) => {
      const first = pick(FIRST_NAMES, next());
      const last = pick(LAST_NAMES, next());
      return {
        id: n + 1,
        name: `${first} ${last}`,
        email: `${first}.${last}.${String(n + 1)}@example.com`.toLowerCase(),
        created_at: new Date(EPOCH + Math.floor(next() * 300) * 86_400_000).toISOString(),
      };
    },
  },
  products: {
    share: 0.05,
    row: (n, next) => ({
      id: n + 1,
      name: `${pick(PRODUCTS, next())} ${String(n + 1)}`,
      price_cents: 500 + Math.floor(next() * 49_500),
      in_stock: next() > 0.1,
    }),
  },
  orders: {
    share: 0.75,
    row: (n, next, counts) => ({
      id: n + 1,
      customer_id: 1 + Math.floor(next() * Math.max(1, counts.customers)),
      product_id: 1 + Math.floor(next() * Math.max(1, counts.products)),
      quantity: 1 + Math.floor(next() * 4),
      status: pick(STATUSES, next()),
      ordered_at: new Date(EPOCH + Math.floor(next() * 300 * 86_400) * 1000).toISOString(),
    }),
  },
};

const DEFINITIONS = sourceSpec('sample')?.propertyDefinitions ?? [];
const setting = (properties: PlainProperties, name: string) => propertyValue(DEFINITIONS, properties, name);

export function sampleRowCounts(properties: PlainProperties): Record<string, number> {
  const total = Math.max(0, Math.floor(Number(setting(properties, 'row_count') ?? 1000)));
  const customers = Math.max(1, Math.round(total * (TABLES.customers?.share ?? 0)));
  const products = Math.max(1, Math.round(total * (TABLES.products?.share ?? 0)));
  return { customers, products, orders: Math.max(0, total - customers - products) };
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolveSleep) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolveSleep();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });

function reader(name: string, properties: PlainProperties): ResourceReader {
  const counts = sampleRowCounts(properties);
  const table = TABLES[name];
  const seed = Math.floor(Number(setting(properties, 'seed') ?? 42));
  const rowsPerSecond = Number(setting(properties, 'rows_per_second') ?? 0);
  return {
    name,
    async *batches(signal, from) {
      if (!table) return;
      const total = counts[name] ?? 0;
      const next = random(seed * 31 + name.length);
      const started = Date.now();
      for (let offset = 0; offset < total && !signal.aborted; offset += BATCH_SIZE) {
        const size = Math.min(BATCH_SIZE, total - offset);
        const rows: Row[] = [];
        for (let i = 0; i < size; i += 1) rows.push(table.row(offset + i, next, { customers: counts.customers ?? 1, products: counts.products ?? 1 }));
        if (rowsPerSecond > 0) {
          const due = started + ((offset + size) / rowsPerSecond) * 1000;
          await sleep(Math.max(0, due - Date.now()), signal);
        }
        const kept = rowsAfter(rows, from);
        if (kept.length > 0) yield kept;
      }
    },
  };
}

const shown = (count: number | undefined) => (count ?? 0).toLocaleString('en-US');

export const sampleSource: SourceConnector = {
  verify(properties) {
    const counts = sampleRowCounts(properties);
    return Promise.resolve([
      info('connection', 'Sample data is generated by this service: there is nothing to connect to.'),
      info('tables', `Each run makes ${shown(counts.customers)} customers, ${shown(counts.products)} products and ${shown(counts.orders)} orders.`),
    ]);
  },
  discover: () =>
    Promise.resolve(
      Object.entries(TABLES).map(([name, table]) => {
        // Typed as a destination types them, from a few generated rows; `id` is each table's key.
        const next = random(1);
        const columns = analyze([0, 1, 2].map((n) => table.row(n, next, { customers: 1, products: 1 })));
        return {
          name,
          category: 'table',
          notes: name === 'customers' ? 'Contains e-mail addresses: personal data.' : null,
          columns,
          primaryKey: ['id'],
          cursorCandidates: columns.filter((column) => canServeAsCursor(column.type)).map((column) => column.name),
        };
      }),
    ),
  resources: (properties) => Promise.resolve(['customers', 'products', 'orders'].map((name) => reader(name, properties))),
};
