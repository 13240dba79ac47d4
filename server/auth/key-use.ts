import type { Pool } from '../db/pool';
import type { Logger } from '../logger';
import { inTransaction } from '../db/transaction';
import { insertKeyAddress, type KeyHolder, noteKeyUsed } from '../store/api-keys';
import { insertAuditEntry } from '../store/audit-log';

// What a key's use leaves behind: its last-used time, written at most once a minute per key, and the
// addresses it was used from, the first use from each recorded in the audit log (a key used from
// somewhere new may be a key that leaked). Both are remembered here so a busy key costs no write per request.

const MINUTE_MS = 60_000;
const MAX_REMEMBERED = 50_000;

/** Sets a value in a map that keeps at most `max` entries, the oldest making room. */
function remember<K, V>(map: Map<K, V>, key: K, value: V): void {
  map.delete(key);
  const oldest = map.keys().next();
  if (map.size >= MAX_REMEMBERED && !oldest.done) map.delete(oldest.value);
  map.set(key, value);
}

export type NoteKeyUse = (holder: KeyHolder, address: string) => Promise<void>;

/**
 * Notes a key's use before its request goes on. A note that fails (the database is away) is logged and tried
 * again on the key's next request; the request itself is not refused for it.
 */
export function createKeyUseRecorder(db: Pool, logger: Logger, now: () => number = Date.now): NoteKeyUse {
  const notedAt = new Map<number, number>();
  const knownAddresses = new Map<string, true>();
  const note = async (holder: KeyHolder, address: string) => {
    if ((notedAt.get(holder.id) ?? -Infinity) <= now() - MINUTE_MS) {
      await noteKeyUsed(db, holder.id);
      remember(notedAt, holder.id, now());
    }
    const pair = `${String(holder.id)} ${address}`;
    if (knownAddresses.has(pair)) return;
    await inTransaction(db, async (client) => {
      if (!(await insertKeyAddress(client, holder.id, address))) return;
      const key = { type: 'key' as const, id: String(holder.id), name: holder.name };
      await insertAuditEntry(client, { actor: key, address, action: 'keyUsedFromNewAddress', resource: key, changes: null });
    });
    remember(knownAddresses, pair, true);
  };
  return async (holder, address) => {
    try {
      await note(holder, address);
    } catch (error) {
      logger.warn({ err: String(error), keyId: holder.id }, 'the use of a key could not be noted');
    }
  };
}
