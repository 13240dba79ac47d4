// A stored secret belongs to the address it was entered for. Properties that say where a connection
// goes are listed here; when a change moves one of them and does not carry the secrets again, the
// service clears the stored secrets rather than send them to the new address, and the property form
// says so before saving. One list for both sides.

export const ADDRESS_PROPERTY_NAMES: readonly string[] = ['host', 'port', 'database', 'user', 'base_url', 'location', 'bucket_url', 'bucket', 'folder', 'path'];

export function isAddressProperty(name: string): boolean {
  return ADDRESS_PROPERTY_NAMES.includes(name);
}

interface Definition {
  name: string;
  type: string;
}

const isSecret = (definition: Definition) => definition.type.toUpperCase() === 'PASSWORD';
const blank = (value: unknown) => value === undefined || value === null || value === '';
const sameValue = (a: unknown, b: unknown) => (blank(a) && blank(b)) || String(a) === String(b);

/** The address properties whose value `changes` moves away from `before`. */
export function movedAddressProperties(before: Record<string, unknown>, changes: Record<string, unknown>): string[] {
  return Object.keys(changes).filter((name) => isAddressProperty(name) && !sameValue(before[name], changes[name]));
}

/**
 * The secrets that `changes` clears: every stored secret it does not send again, when it moves an
 * address. `stored` says which secrets are set now.
 */
export function secretsClearedBy(
  definitions: readonly Definition[],
  before: Record<string, unknown>,
  changes: Record<string, unknown>,
  stored: (name: string) => boolean,
): string[] {
  if (movedAddressProperties(before, changes).length === 0) return [];
  return definitions
    .filter((definition) => isSecret(definition) && stored(definition.name) && !(definition.name in changes))
    .map((definition) => definition.name);
}
