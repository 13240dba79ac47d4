import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import ipaddr from 'ipaddr.js';
import { RefusedTarget } from '@/service-rules/errors';
import { activeBoundaries, type Boundary, type Endpoint } from './boundary';

// Where connectors may connect (csv URLs, rest_api, postgres hosts). The rule is applied to the
// addresses a name resolves to, just before a connection opens, and the connection then goes to the
// address that was checked: a name that resolves elsewhere a moment later (DNS rebinding) changes
// nothing. Settings are also checked when stored, but only literal addresses: a name is only a hint.
//
// - Never: this service's own port on this machine, its own database, link-local and metadata
//   addresses, unspecified, broadcast and multicast addresses, whatever FLOWDECK_CONNECTOR_ALLOW says.
// - Loopback, private ranges and this machine's own addresses: allowed while every running service
//   listens on loopback only (one user on one machine); otherwise only what FLOWDECK_CONNECTOR_ALLOW lists.
// - Everything else: allowed.

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** Metadata services outside 169.254.0.0/16: AWS over IPv6, Alibaba Cloud (inside the CGNAT range). */
const METADATA = ['fd00:ec2::254', '100.100.100.200'].map((text) => ipaddr.parse(text));

const NEVER_REASONS: Record<string, string> = {
  unspecified: 'an unspecified address, which reaches this machine',
  linkLocal: 'a link-local address, where cloud metadata services answer',
  broadcast: 'a broadcast address',
  multicast: 'a multicast address',
};

const PRIVATE_REASONS: Record<string, string> = {
  loopback: 'a loopback address',
  private: 'a private address',
  carrierGradeNat: 'a carrier-grade NAT (100.64.0.0/10) address',
  uniqueLocal: 'a unique local IPv6 address',
  deprecatedSiteLocal: 'a site-local IPv6 address',
  rfc6052: 'a local NAT64 address',
};

/** An address as connections see it: IPv4-mapped IPv6 as IPv4, brackets and zone ids dropped. */
function parseAddress(text: string): Address {
  const bare = text.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const address = ipaddr.process(bare);
  return address.kind() === 'ipv6' ? unwrapIPv4(address as ipaddr.IPv6) : address;
}

/** The IPv4 address an IPv6 translation form carries (NAT64 64:ff9b::/96, 6to4, SIIT): what it reaches. */
function unwrapIPv4(address: ipaddr.IPv6): Address {
  const [a = 0, b = 0, , , , , g = 0, h = 0] = address.parts;
  const fromParts = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  if (a === 0x64 && b === 0xff9b && address.parts.slice(2, 6).every((part) => part === 0)) return fromParts(g, h);
  if (a === 0x2002) return fromParts(b, address.parts[2] ?? 0);
  if (address.range() === 'rfc6145') return fromParts(g, h);
  return address;
}

const sameAddress = (a: Address, b: Address) => a.kind() === b.kind() && a.toNormalizedString() === b.toNormalizedString();

function machineAddresses(): Address[] {
  return Object.values(networkInterfaces())
    .flatMap((entries) => entries ?? [])
    .flatMap((entry) => (ipaddr.isValid(entry.address.replace(/%.*$/, '')) ? [parseAddress(entry.address)] : []));
}

/** An address that reaches this machine: loopback, unspecified, or one of its interfaces'. */
function isThisMachine(address: Address): boolean {
  const range = address.range();
  return range === 'loopback' || range === 'unspecified' || machineAddresses().some((own) => sameAddress(own, address));
}

const shownAddress = (address: Address, port: number) =>
  address.kind() === 'ipv6' ? `[${address.toString()}]:${String(port)}` : `${address.toString()}:${String(port)}`;

/** The address refused, and the name or spelling it was reached by when that differs. */
function targetText(address: Address, port: number, hostname: string): string {
  const shown = shownAddress(address, port);
  return hostname.replace(/^\[|\]$/g, '').toLowerCase() === address.toString() ? shown : `${shown} (${hostname})`;
}

async function addressesOf(host: string): Promise<Address[]> {
  const bare = host.replace(/^\[|\]$/g, '');
  if (isIP(bare.replace(/%.*$/, '')) !== 0) return [parseAddress(bare)];
  const found = await lookup(bare, { all: true });
  return found.map((entry) => parseAddress(entry.address));
}

/** The own database's addresses; a socket path is never reached over TCP, and an unresolvable name by no one. */
async function databaseAddresses(database: Endpoint): Promise<Address[]> {
  if (database.host.startsWith('/')) return [];
  return addressesOf(database.host).catch(() => []);
}

async function isOwnDatabase(address: Address, port: number, database: Endpoint | null): Promise<boolean> {
  if (database?.port !== port) return false;
  const own = await databaseAddresses(database);
  // A database on this machine answers on every local address it listens on, not only the one in its URL.
  return own.some((candidate) => sameAddress(candidate, address)) || (own.some(isThisMachine) && isThisMachine(address));
}

function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  if (bare.toLowerCase() === 'localhost') return true;
  return isIP(bare) !== 0 && parseAddress(bare).range() === 'loopback';
}

const listensOnLoopback = (boundary: Boundary) => boundary.listen !== null && isLoopbackHost(boundary.listen.host);

const normalName = (name: string) => name.toLowerCase().replace(/\.$/, '');

/** Whether a FLOWDECK_CONNECTOR_ALLOW entry (IP, CIDR range or host name) covers this target. */
function allowEntryCovers(entry: string, address: Address, hostname: string): boolean {
  const text = entry.replace(/^\[|\]$/g, '');
  if (text.includes('/')) {
    if (!ipaddr.isValidCIDR(text)) return false;
    const [network, bits] = ipaddr.parseCIDR(text);
    return network.kind() === address.kind() && address.match(network, bits);
  }
  if (isIP(text) !== 0) return sameAddress(parseAddress(text), address);
  return normalName(text) === normalName(hostname.replace(/^\[|\]$/g, ''));
}

/** Refuses (RefusedTarget) one resolved address of `hostname` on `port`; the reason names the address. */
async function checkAddress(address: Address, port: number, hostname: string): Promise<void> {
  const target = targetText(address, port, hostname);
  const never = (reason: string) =>
    new RefusedTarget(`Refused ${target}: it is ${reason}. Connectors may never reach it, whatever FLOWDECK_CONNECTOR_ALLOW says.`);
  const range = address.range();
  const neverReason = METADATA.some((metadata) => sameAddress(metadata, address)) ? 'a cloud metadata address' : NEVER_REASONS[range];
  if (neverReason) throw never(neverReason);
  const boundaries = activeBoundaries();
  for (const boundary of boundaries) {
    if (boundary.listen?.port === port && isThisMachine(address)) throw never("this service's own address");
    if (await isOwnDatabase(address, port, boundary.database)) throw never("this service's own database");
  }
  const privateReason = PRIVATE_REASONS[range] ?? (isThisMachine(address) ? 'an address of this machine' : undefined);
  if (!privateReason) return;
  const refusing = boundaries.find(
    (boundary) => !listensOnLoopback(boundary) && !boundary.connectorAllow.some((entry) => allowEntryCovers(entry, address, hostname)),
  );
  if (!refusing) return;
  const listening = refusing.listen ? `listens on ${refusing.listen.host}` : 'is not listening yet';
  const misspelt = invalidConnectorAllowEntries(refusing.connectorAllow);
  throw new RefusedTarget(
    `Refused ${target}: it is ${privateReason}, and this service ${listening}, not on loopback only, so connectors reach private addresses only when FLOWDECK_CONNECTOR_ALLOW lists them. ` +
      `To allow it, start the service with FLOWDECK_CONNECTOR_ALLOW=${address.toString()} (IP addresses, CIDR ranges or host names, separated by commas).` +
      (misspelt.length > 0 ? ` These FLOWDECK_CONNECTOR_ALLOW entries are not understood: ${misspelt.join(', ')}.` : ''),
  );
}

/**
 * The addresses to connect to for `host` on `port`: resolved now, each one checked. A RefusedTarget
 * when any of them is refused (a name that also resolves to a refused address is not trusted).
 * Connect to one of these addresses, never to `host` again (that would resolve it anew).
 */
export async function checkedAddresses(host: string, port: number): Promise<string[]> {
  const name = host.trim();
  if (name === '') throw new Error('No host is configured.');
  let addresses: Address[];
  try {
    addresses = await addressesOf(name);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw Object.assign(new Error(`Cannot resolve ${name}: ${code}`), { code });
  }
  if (addresses.length === 0) throw Object.assign(new Error(`Cannot resolve ${name}: no address`), { code: 'ENOTFOUND' });
  for (const address of addresses) await checkAddress(address, port, name);
  return addresses.map((address) => address.toString());
}

/**
 * The check of a setting before it is stored: a literal IP address that would be refused is refused
 * now. Names are left to connect time (resolving them here would say nothing about later).
 */
export async function checkLiteralTarget(host: string, port: number): Promise<void> {
  const bare = host.trim().replace(/^\[|\]$/g, '');
  if (isIP(bare.replace(/%.*$/, '')) === 0) return;
  await checkAddress(parseAddress(bare), port, host.trim());
}

/** The port a http(s) URL connects to. */
const urlPort = (url: URL) => Number(url.port) || (url.protocol === 'https:' ? 443 : 80);

/** The check of a http(s) URL setting before it is stored: an http(s) address, and no refused literal address. */
export async function checkUrlTarget(raw: string, what: string): Promise<void> {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new RefusedTarget(`${what} "${raw}" is not a valid URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new RefusedTarget(`${what} must be an http:// or https:// address, got ${url.protocol}.`);
  await checkLiteralTarget(url.hostname, urlPort(url));
}

const HOST_NAME = /^[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*\.?$/i;

/** FLOWDECK_CONNECTOR_ALLOW entries that are neither an IP address, a CIDR range nor a host name. */
export function invalidConnectorAllowEntries(entries: readonly string[]): string[] {
  return entries.filter((entry) => {
    const text = entry.replace(/^\[|\]$/g, '');
    return !(isIP(text) !== 0 || ipaddr.isValidCIDR(text) || (!text.includes('/') && HOST_NAME.test(text)));
  });
}
