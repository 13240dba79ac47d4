import { MESSAGES } from '@/api/messages';
import type { PropertiesInput } from '@/api/common';
import type { RecipientView } from '@/catalogue/connector-specs';
import { InvalidInput, TooManyRequests } from './errors';

// What a card's recipient may do, for the service and the mock alike: where a card may send them back to,
// how often its Test connection runs, what its file property accepts, and which words of the service they
// never read (its folders, its settings).

/** A card's Test connection runs at most this often per minute (each may open a connection somewhere). */
export const CARD_VERIFY_PER_MINUTE = 6;
/** A card takes at most this many files, each at most CARD_UPLOAD_LIMIT_BYTES (or the service's upload limit, if lower). */
export const CARD_UPLOADS_MAX = 10;
export const CARD_UPLOAD_LIMIT_BYTES = 100 * 1024 * 1024;

/** 429 once a card's Test connection ran CARD_VERIFY_PER_MINUTE times in its minute. */
export function checkVerifyCount(count: number, secondsLeft: number): void {
  if (count > CARD_VERIFY_PER_MINUTE) throw new TooManyRequests(MESSAGES.cardChecksTooOften, secondsLeft);
}

/** The host part a redirect is matched by: `partner.example.com`, with its port when it names one. */
const hostOf = (url: URL) => url.host.toLowerCase();

/** A card's redirectUrl: https only (the writer schema says so) and only to a host the settings allow. */
export function checkRedirect(redirectUrl: string, allowedHosts: readonly string[]): void {
  const url = new URL(redirectUrl);
  if (url.protocol !== 'https:') throw new InvalidInput('redirectUrl: use an https:// address.');
  if (!allowedHosts.includes(hostOf(url)))
    throw new InvalidInput(`redirectUrl: ${hostOf(url)} is not an allowed redirect host; an admin adds it in Settings (allowed redirects).`);
}

/** Whether the card's redirect is still allowed now (the settings may have changed since the card was made). */
export function redirectAllowed(redirectUrl: string | null, allowedHosts: readonly string[]): redirectUrl is string {
  if (!redirectUrl || !URL.canParse(redirectUrl)) return false;
  const url = new URL(redirectUrl);
  return url.protocol === 'https:' && allowedHosts.includes(hostOf(url));
}

/** A stored value that counts as set (a required property set by the sender need not be typed again). */
const isSet = (value: unknown) => value !== undefined && value !== null && value !== '';

/** The properties with a value on file: their names only, never their values. */
export function propertiesSetOf(stored: Readonly<Record<string, unknown>>): string[] {
  return Object.keys(stored).filter((name) => isSet(stored[name]));
}

/** A card submission or test that sends nothing: refused, whatever is on file. */
export function checkSomethingSent(properties: PropertiesInput): void {
  if (Object.keys(properties).length === 0) throw new InvalidInput(MESSAGES.cardNothingSent);
}

const UPLOAD_REFERENCE = /^upload:([A-Za-z0-9_-]{16,64})$/;

/** The upload a file property's value refers to (`upload:<id>`), or null when it is an http(s) address. */
export function cardFileReference(view: RecipientView | undefined, properties: PropertiesInput): string | null {
  const name = view?.fileProperty;
  if (!name || !Object.hasOwn(properties, name)) return null;
  const value = String(properties[name] ?? '').trim();
  const upload = UPLOAD_REFERENCE.exec(value);
  if (upload) return upload[1] ?? null;
  if (/^https?:\/\//i.test(value) && URL.canParse(value)) return null;
  throw new InvalidInput(`${name}: upload the file, or give an http:// or https:// address.`);
}

export const uploadReference = (id: string) => `upload:${id}`;

/** What a recipient is told when the source may not reach what they typed: nothing of the service's settings. */
export const UNREACHABLE_FOR_RECIPIENT =
  'The service may not connect to this address. Check it, or ask the person who sent you this link which addresses work.';

/**
 * The service's own words can name its settings, its folders and its addresses (a refused target's reason,
 * a path it could not read): a recipient reads a plain sentence instead.
 */
export function forRecipient(message: string): string {
  if (/FLOWDECK_|^Refused |folders? this service|own data folder|this service's own/i.test(message)) return UNREACHABLE_FOR_RECIPIENT;
  return message;
}
