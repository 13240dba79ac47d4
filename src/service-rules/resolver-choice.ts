import { InvalidInput } from './errors';

// Which of a source's resolvers a run loads, for the service and the mock alike. The user turns each
// resolver on or off by name (the interface's `suppressed`); a resolver without a choice keeps what
// discovery said (on, unless discovery marked it suppressed). A choice lasts while its resolver exists:
// a discovery that no longer finds a resolver drops the choice with it.

/** Resolver name → suppressed, as the user chose. */
export type ResolverChoice = Readonly<Record<string, boolean>>;

interface Listed {
  name: string;
  category?: string | null | undefined;
  suppressed?: boolean | undefined;
}

/** The resolvers with the user's choices applied. */
export function withChoice<R extends Listed>(resolvers: readonly R[], choice: ResolverChoice): R[] {
  return resolvers.map((resolver) => {
    const chosen = choice[resolver.name];
    return chosen === undefined ? resolver : { ...resolver, suppressed: chosen };
  });
}

/** The choices of resolvers that still exist (after a discovery). */
export function choiceKept(choice: ResolverChoice, names: readonly string[]): Record<string, boolean> {
  return Object.fromEntries(Object.entries(choice).filter(([name]) => names.includes(name)));
}

/** A PATCH's choices read against the resolvers the source has: 400 names the ones it does not have. */
export function readChoice(changes: readonly { name: string; suppressed: boolean }[], resolvers: readonly Listed[]): Record<string, boolean> {
  const known = new Set(resolvers.map((resolver) => resolver.name));
  const unknown = changes.filter((change) => !known.has(change.name)).map((change) => change.name);
  if (unknown.length > 0) {
    // A few names say what is wrong; echoing a thousand back would only make the answer long.
    const named = unknown.slice(0, 5).map((name) => `"${name}"`);
    const more = unknown.length > 5 ? ` and ${String(unknown.length - 5)} more` : '';
    throw new InvalidInput(`This source has no resolver named ${named.join(', ')}${more}.`);
  }
  const names = changes.map((change) => change.name);
  const twice = names.filter((name, index) => names.indexOf(name) !== index);
  if (twice.length > 0) throw new InvalidInput(`Resolver "${twice[0] ?? ''}" is named twice.`);
  return Object.fromEntries(changes.map((change) => [change.name, change.suppressed]));
}

/**
 * What a run loads. Tables, views and endpoints are resources a run moves, so one turned off is not
 * loaded; a CSV source's resolvers are the columns of its one resource, so a column turned off is left
 * out of every row, and with every column off there is nothing to load.
 */
export interface RunSelection {
  loads: (resource: string) => boolean;
  /** Columns to leave out of every row. */
  columnsOff: ReadonlySet<string>;
}

const isColumn = (resolver: Listed) => resolver.category === 'column';

export function runSelection(resolvers: readonly Listed[]): RunSelection {
  const off = resolvers.filter((resolver) => resolver.suppressed === true);
  const resourcesOff = new Set(off.filter((resolver) => !isColumn(resolver)).map((resolver) => resolver.name));
  const columns = resolvers.filter(isColumn);
  const everyColumnOff = columns.length > 0 && columns.every((resolver) => resolver.suppressed === true);
  return {
    loads: (resource) => !everyColumnOff && !resourcesOff.has(resource),
    columnsOff: new Set(off.filter(isColumn).map((resolver) => resolver.name)),
  };
}
