import { z } from 'zod';
import { InvalidInput } from './errors';
import { parseWith } from './parse';

// A source or destination is created from a spec its body names.

/** The spec a create body names (`sourceSpec` or `destinationSpec`), or 400 as the service answers it. */
export function specNamed<S>(noun: 'source' | 'destination', body: unknown, find: (name: string) => S | undefined): S {
  const field = noun === 'source' ? 'sourceSpec' : 'destinationSpec';
  const name = String(parseWith(z.looseObject({ [field]: z.string().min(1) }), body)[field]);
  const spec = find(name);
  if (!spec) throw new InvalidInput(`Unknown ${noun} spec "${name}".`);
  return spec;
}
