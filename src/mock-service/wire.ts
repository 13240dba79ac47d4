/** A stored property value of the mock: the scalars the writer schemas allow (secrets are kept as given and masked on the way out). */
export type StoredValue = string | number | boolean;
export type StoredProperties = Record<string, StoredValue>;
