import type { ColumnInfo } from '@/api/tables';
import type { ResourceFacts } from '@/service-rules/flow-tables';

// What the mock's discovery tells of a resource: its columns with the types the service's connectors give
// them (bigint, double, timestamp, text, boolean), its primary key and the columns that can serve as a
// cursor (numbers and date-times, as server/connectors/cursor.ts says). Made up from the resource's name.

const col = (name: string, type: string): ColumnInfo => ({ name, type });
const id = col('id', 'bigint');
const createdAt = col('created_at', 'timestamp');
const updatedAt = col('updated_at', 'timestamp');

/** Columns by resource name; anything else gets an id, a name and an update time. */
const COLUMNS: Record<string, ColumnInfo[]> = {
  orders: [id, col('customer_id', 'bigint'), col('status', 'text'), col('total', 'double'), createdAt, updatedAt],
  order_items: [col('order_id', 'bigint'), col('line', 'bigint'), col('product', 'text'), col('quantity', 'bigint'), col('price', 'double')],
  customers: [id, col('name', 'text'), col('email', 'text'), col('country', 'text'), createdAt, updatedAt],
  audit_log: [col('at', 'timestamp'), col('actor', 'text'), col('action', 'text')],
  accounts: [id, col('name', 'text'), col('owner', 'text'), updatedAt],
  contacts: [id, col('account_id', 'bigint'), col('name', 'text'), col('email', 'text'), updatedAt],
  opportunities: [id, col('account_id', 'bigint'), col('stage', 'text'), col('amount', 'double'), updatedAt],
  invoices: [id, col('customer', 'text'), col('amount_due', 'double'), col('paid', 'boolean'), createdAt, updatedAt],
  subscriptions: [id, col('customer', 'text'), col('plan', 'text'), col('status', 'text'), updatedAt],
  issues: [id, col('number', 'bigint'), col('title', 'text'), col('state', 'text'), createdAt, updatedAt],
  pulls: [id, col('number', 'bigint'), col('title', 'text'), col('merged', 'boolean'), createdAt, updatedAt],
  commits: [col('sha', 'text'), col('author', 'text'), col('message', 'text'), col('committed_at', 'timestamp')],
  events: [id, col('user_id', 'bigint'), col('kind', 'text'), col('occurred_at', 'timestamp')],
  users: [id, col('name', 'text'), col('email', 'text'), createdAt],
  daily_stock: [col('day', 'timestamp'), col('sku', 'text'), col('quantity', 'bigint')],
  prices: [col('sku', 'text'), col('currency', 'text'), col('price', 'text')],
};

/** The sample source's tables, as its generator makes them (server/connectors/sample-source.ts): each keyed by id. */
const SAMPLE_COLUMNS: Record<string, ColumnInfo[]> = {
  customers: [id, col('name', 'text'), col('email', 'text'), createdAt],
  products: [id, col('name', 'text'), col('price_cents', 'bigint'), col('in_stock', 'boolean')],
  orders: [id, col('customer_id', 'bigint'), col('product_id', 'bigint'), col('quantity', 'bigint'), col('status', 'text'), col('ordered_at', 'timestamp')],
};

/** Keys a table declares, for sources that have them (a REST endpoint and a CSV file declare none). */
const KEYS: Record<string, string[] | null> = { order_items: ['order_id', 'line'], audit_log: null, commits: ['sha'], daily_stock: null, prices: null };

const canServeAsCursor = (type: string) => type === 'bigint' || type === 'double' || type === 'timestamp';

export function discoveredFacts(spec: string, resource: string): ResourceFacts {
  const columns = (spec === 'sample' ? SAMPLE_COLUMNS[resource] : undefined) ?? COLUMNS[resource] ?? [id, col('name', 'text'), updatedAt];
  const declared = resource in KEYS ? (KEYS[resource] ?? null) : columns.some((column) => column.name === 'id') ? ['id'] : null;
  return {
    columns,
    primaryKey: spec === 'postgres' || spec === 'sample' ? declared : null,
    cursorCandidates: columns.filter((column) => canServeAsCursor(column.type)).map((column) => column.name),
  };
}
