import { InvalidInput } from './errors';

// A logo is what its bytes are, not what its name or Content-Type says: a PNG, a JPEG, or an SVG that can run
// nothing. The service and the mock service judge an upload alike.

export type LogoType = 'image/png' | 'image/jpeg' | 'image/svg+xml';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

const startsWith = (bytes: Uint8Array, signature: readonly number[]) => signature.every((byte, index) => bytes[index] === byte);

/**
 * What an SVG may not hold: scripts, event handlers, script URLs, foreign (HTML) content, entity declarations
 * and character references (which could spell any of these another way).
 */
const SVG_DANGERS = /<script|[\s/]on[a-z]+\s*=|javascript:|vbscript:|<foreignobject|<!entity|<iframe|<embed|<object|<handler|&#/i;

/** The root element after the prolog, comments and doctype: `svg`. */
const SVG_ROOT = /^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!doctype svg[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i;

export function logoTypeOf(bytes: Uint8Array): LogoType {
  if (bytes.length === 0) throw new InvalidInput('the logo is empty.');
  if (startsWith(bytes, PNG)) return 'image/png';
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new InvalidInput('the logo must be a PNG, a JPEG or an SVG image.');
  }
  if (!SVG_ROOT.test(text)) throw new InvalidInput('the logo must be a PNG, a JPEG or an SVG image.');
  if (SVG_DANGERS.test(text)) throw new InvalidInput('the SVG holds a script, an event handler or other active content: only plain drawings are taken.');
  return 'image/svg+xml';
}
