import { isIP, Socket } from 'node:net';
import { join } from 'node:path';
import ipaddr from 'ipaddr.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, listOf } from '@/api/common';
import { type VerificationMessage, verificationMessageSchema } from '@/api/destinations';
import { resolverListSchema } from '@/api/resolvers';
import { sourceSchema } from '@/api/sources';
import { counts, createDestination, createExternalDatabase, localHttpServer, postgresProperties, runToEnd } from './connector-fixtures';
import { BAD_REQUEST, expectError, expectStatus } from './fixtures';
import { type Api, type ApiAnswer, eventually, type Harness, startHarness } from './harness';

// Where connectors may connect, tried over HTTP against running services: the service's own port
// and database, link-local and metadata addresses, by literal address (refused when stored), by a
// name that resolves to them and by redirect (refused when connecting); private addresses on a
// service that listens beyond loopback, unless FLOWDECK_CONNECTOR_ALLOW lists them.
//
// No traffic leaves loopback: every socket this process opens is watched, and one to any other
// address is stopped before it connects and recorded. The record must stay empty, which also shows
// that refused addresses are refused before any connection is tried.

const outside: string[] = [];
const socketPrototype = Socket.prototype as unknown as { connect: (this: Socket, ...args: unknown[]) => Socket };
const realConnect = socketPrototype.connect;

function isLoopbackTarget(args: unknown[]): boolean {
  const first = Array.isArray(args[0]) ? (args[0] as unknown[])[0] : args[0];
  if (typeof first === 'object' && first !== null) {
    const options = first as { host?: string; path?: string };
    if (options.path) return true;
    return isLoopbackHost(options.host ?? 'localhost');
  }
  if (typeof first === 'string' && Number.isNaN(Number(first))) return true;
  return isLoopbackHost(typeof args[1] === 'string' ? args[1] : 'localhost');
}

function isLoopbackHost(host: string): boolean {
  if (host === 'localhost') return true;
  return isIP(host) !== 0 && ipaddr.process(host).range() === 'loopback';
}

socketPrototype.connect = function guardedConnect(this: Socket, ...args: unknown[]) {
  if (isLoopbackTarget(args)) return realConnect.apply(this, args);
  outside.push(JSON.stringify(Array.isArray(args[0]) ? (args[0] as unknown[])[0] : args.slice(0, 2)));
  process.nextTick(() => this.destroy(new Error('the test stopped a connection outside loopback')));
  return this;
};

const service = await startHarness();
const external = await createExternalDatabase();
const ownPort = Number(new URL(service.url).port);
const ownDatabase = new URL(service.databaseUrl);
const ownDatabasePort = Number(ownDatabase.port);
const externalPort = Number(new URL(external.url).port);

const PEOPLE = 'id,name\n1,Ann\n2,Bo\n3,Cy\n';
const elsewhereHeaders: (string | undefined)[] = [];
const elsewhere = await localHttpServer((request, response) => {
  elsewhereHeaders.push(request.headers.authorization);
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify([{ id: 3 }]));
});
const local = await localHttpServer((request, response) => {
  const path = new URL(request.url ?? '/', 'http://local').pathname;
  const redirect = (location: string) => {
    response.statusCode = 302;
    response.setHeader('location', location);
    response.end();
  };
  if (path === '/people.csv') response.end(PEOPLE);
  else if (path === '/moved.csv') redirect('/people.csv');
  else if (path === '/to-self') redirect(`http://127.0.0.1:${String(ownPort)}/v2/flows`);
  else if (path === '/to-metadata') redirect('http://169.254.169.254/latest/meta-data/');
  else if (path === '/v1/items') {
    // The next page lives on another origin: the token must not follow it there.
    response.setHeader('link', `<${elsewhere.url}/v1/items?page=2>; rel="next"`);
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify([{ id: 1 }, { id: 2 }]));
  } else {
    response.statusCode = 404;
    response.end('secret internal page');
  }
});
const localPort = Number(new URL(local.url).port);

afterAll(async () => {
  await service.stop();
  await external.drop();
  await local.close();
  await elsewhere.close();
  socketPrototype.connect = realConnect;
  expect(outside, 'connections outside loopback').toEqual([]);
});

type Properties = Record<string, string | number | boolean>;

const createSource = (api: Api, sourceSpec: string, properties: Properties) =>
  api('/v2/sources', { method: 'POST', body: { sourceSpec, displayName: `Test ${sourceSpec}`, properties } });
const createTarget = (api: Api, properties: Properties) =>
  api('/v2/destinations', { method: 'POST', body: { destinationSpec: 'postgres', displayName: 'Test postgres', properties } });

async function sourceId(api: Api, sourceSpec: string, properties: Properties): Promise<number> {
  return dataOf(sourceSchema).parse(expectStatus(await createSource(api, sourceSpec, properties), 201).body).id;
}

/** The source's discovery once it has ended. */
function discovered(api: Api, id: number) {
  return eventually(async () => {
    const list = dataOf(resolverListSchema).parse((await api(`/v2/sources/${String(id)}/resolvers`)).body);
    return list.discoveryStatus && list.discoveryStatus.status !== 'in_progress' ? list : undefined;
  });
}

async function discoveryError(api: Api, id: number): Promise<string> {
  const list = await discovered(api, id);
  expect(list.discoveryStatus?.status, JSON.stringify(list)).toBe('failed');
  return list.discoveryStatus?.error ?? '';
}

/** The errors of one run of the source into a files destination in the allowed folder. */
async function runErrors(harness: Harness, id: number): Promise<string[]> {
  const destination = await createDestination(harness.api, 'files', { bucket_url: join(harness.filesDir, 'out'), format: 'jsonl' });
  const attempt = await runToEnd(harness.api, id, destination.id);
  expect(attempt.disposition).toBe('failed');
  return attempt.errors;
}

async function verifyMessages(api: Api, properties: Properties): Promise<VerificationMessage[]> {
  const id = (expectStatus(await createTarget(api, properties), 201).body as { data: { id: number } }).data.id;
  return dataOf(listOf(verificationMessageSchema)).parse(expectStatus(await api(`/v2/destinations/${String(id)}/verify`), 200).body);
}

const ownDatabaseProperties = (host: string): Properties => ({ ...postgresProperties(service.databaseUrl), host });
const externalProperties = (host: string): Properties => ({ ...postgresProperties(external.url), host });
const portProperties = (host: string, port: number): Properties => ({ host, port, database: 'postgres', user: 'flowdeck', password: 'flowdeck' });

const OWN_ADDRESS = "it is this service's own address. Connectors may never reach it, whatever FLOWDECK_CONNECTOR_ALLOW says.";
const OWN_DATABASE = "it is this service's own database.";
/** `localhost` resolves to 127.0.0.1 here; elsewhere it may be ::1 first. */
const viaLocalhost = (port: number) => new RegExp(`^Refused (127\\.0\\.0\\.1|\\[::1\\]):${String(port)} \\(localhost\\): `);

describe('the service itself', () => {
  it('is refused by literal address when the setting is stored: 127.0.0.1, [::1], ::ffff:127.0.0.1', async () => {
    for (const host of ['127.0.0.1', '[::1]', '[::ffff:127.0.0.1]']) {
      for (const answer of [
        await createSource(service.api, 'csv', { location: `http://${host}:${String(ownPort)}/v2/flows` }),
        await createSource(service.api, 'rest_api', { base_url: `http://${host}:${String(ownPort)}/v2`, endpoints: 'flows' }),
        await createSource(service.api, 'postgres', portProperties(host.replace(/[[\]]/g, ''), ownPort)),
        await createTarget(service.api, portProperties(host.replace(/[[\]]/g, ''), ownPort)),
      ]) {
        expectError(answer, 400, BAD_REQUEST);
        expect((answer.body as { message: string }).message).toMatch(/^Bad Request: Refused (127\.0\.0\.1|\[::1\]):\d+/);
        expect((answer.body as { message: string }).message).toContain(OWN_ADDRESS);
      }
    }
  });

  it('is refused by a name that resolves to it when connecting: discovery, run and verify say why', async () => {
    const pattern = viaLocalhost(ownPort);
    const csv = await sourceId(service.api, 'csv', { location: `http://localhost:${String(ownPort)}/v2/sources` });
    expect(await discoveryError(service.api, csv)).toMatch(pattern);
    expect(await discoveryError(service.api, csv)).toContain(OWN_ADDRESS);
    const [runError] = await runErrors(service, csv);
    expect(runError).toMatch(new RegExp(`^\\w+: ${pattern.source.slice(1)}`));

    const rest = await sourceId(service.api, 'rest_api', { base_url: `http://localhost:${String(ownPort)}/v2`, endpoints: 'flows' });
    expect(await runErrors(service, rest)).toEqual([expect.stringContaining(OWN_ADDRESS)]);

    const postgres = await sourceId(service.api, 'postgres', portProperties('localhost', ownPort));
    expect(await discoveryError(service.api, postgres)).toMatch(pattern);

    const [message] = await verifyMessages(service.api, portProperties('localhost', ownPort));
    expect(message).toMatchObject({ name: 'connection', isError: true, message: expect.stringMatching(pattern) as unknown });
  });

  it('is refused when an allowed server redirects to it, and the redirect is named', async () => {
    const csv = await sourceId(service.api, 'csv', { location: `${local.url}/to-self` });
    expect(await discoveryError(service.api, csv)).toBe(
      `${local.url}/to-self redirected to http://127.0.0.1:${String(ownPort)}/v2/flows. Refused 127.0.0.1:${String(ownPort)}: ${OWN_ADDRESS}`,
    );
  });
});

describe("the service's own database", () => {
  it('is refused by literal address when stored, whatever the port spelling of the host', async () => {
    for (const host of ['127.0.0.1', '::ffff:127.0.0.1', '::1']) {
      for (const answer of [
        await createSource(service.api, 'postgres', ownDatabaseProperties(host)),
        await createTarget(service.api, ownDatabaseProperties(host)),
      ]) {
        expectError(answer, 400, BAD_REQUEST);
        expect((answer.body as { message: string }).message).toContain(OWN_DATABASE);
      }
    }
    const http = await createSource(service.api, 'csv', { location: `http://127.0.0.1:${String(ownDatabasePort)}/x.csv` });
    expectError(http, 400, /own database/);
  });

  it('is refused by name when connecting: discovery and a run of a source, verify of a destination', async () => {
    const pattern = viaLocalhost(ownDatabasePort);
    const source = await sourceId(service.api, 'postgres', ownDatabaseProperties('localhost'));
    const error = await discoveryError(service.api, source);
    expect(error).toMatch(pattern);
    expect(error).toContain(OWN_DATABASE);
    expect(await runErrors(service, source)).toEqual([expect.stringMatching(pattern)]);
    const messages = await verifyMessages(service.api, ownDatabaseProperties('localhost'));
    expect(messages).toEqual([{ name: 'connection', isError: true, message: expect.stringContaining(OWN_DATABASE) as unknown }]);
  });
});

describe('link-local, metadata and unspecified addresses', () => {
  it('are refused when stored, as any spelling, for every connector', async () => {
    const cases: [string, RegExp][] = [
      ['169.254.169.254', /^Refused 169\.254\.169\.254:\d+: it is a link-local address/],
      ['[::ffff:169.254.169.254]', /^Refused 169\.254\.169\.254:\d+ \(\[?::ffff:(a9fe:a9fe|169\.254\.169\.254)\]?\): it is a link-local address/],
      ['[fd00:ec2::254]', /^Refused \[fd00:ec2::254\]:\d+: it is a cloud metadata address/],
      ['[fe80::1]', /^Refused \[fe80::1\]:\d+: it is a link-local address/],
      ['0.0.0.0', /^Refused 0\.0\.0\.0:\d+: it is an unspecified address/],
      ['[::]', /^Refused \[::\]:\d+: it is an unspecified address/],
    ];
    for (const [host, pattern] of cases) {
      for (const answer of [
        await createSource(service.api, 'csv', { location: `http://${host}/latest/meta-data/` }),
        await createSource(service.api, 'rest_api', { base_url: `http://${host}/latest`, endpoints: 'meta-data' }),
        await createSource(service.api, 'postgres', portProperties(host.replace(/[[\]]/g, ''), 5432)),
        await createTarget(service.api, portProperties(host.replace(/[[\]]/g, ''), 5432)),
      ]) {
        expect(answer.status, `${host}: ${JSON.stringify(answer.body)}`).toBe(400);
        expect((answer.body as { message: string }).message.replace(/^Bad Request: /, '')).toMatch(pattern);
      }
    }
  });

  it('are refused before connecting when a redirect leads there', async () => {
    const expected = `${local.url}/to-metadata redirected to http://169.254.169.254/latest/meta-data/. Refused 169.254.169.254:80: it is a link-local address`;
    const csv = await sourceId(service.api, 'csv', { location: `${local.url}/to-metadata` });
    expect(await discoveryError(service.api, csv)).toContain(expected);
    const rest = await sourceId(service.api, 'rest_api', { base_url: local.url, endpoints: 'to-metadata' });
    expect(await runErrors(service, rest)).toEqual([expect.stringContaining(expected)]);
    expect(outside).toEqual([]);
  });
});

describe('an allowed local server', () => {
  it('is discovered and loaded, by address, by name and through a redirect', async () => {
    for (const location of [`${local.url}/people.csv`, `http://localhost:${String(localPort)}/people.csv`, `${local.url}/moved.csv`]) {
      const id = await sourceId(service.api, 'csv', { location });
      const list = await discovered(service.api, id);
      expect(list.discoveryStatus?.status, JSON.stringify(list)).toBe('succeeded');
      expect(list.resolvers.map((resolver) => resolver.name)).toEqual(['id', 'name']);
      const destination = await createDestination(service.api, 'files', { bucket_url: join(service.filesDir, 'people'), format: 'jsonl' });
      const attempt = await runToEnd(service.api, id, destination.id);
      expect(attempt.disposition, attempt.errors.join('; ')).toBe('succeeded');
      expect(Object.values(counts(attempt))).toEqual([3]);
    }
  });

  it('is a database on another server: discovered, verified', async () => {
    const id = await sourceId(service.api, 'postgres', externalProperties('127.0.0.1'));
    expect((await discovered(service.api, id)).discoveryStatus?.status).toBe('succeeded');
    const messages = await verifyMessages(service.api, externalProperties('localhost'));
    expect(messages.filter((message) => message.isError)).toEqual([]);
  });

  it('gets the token, and a next page on another origin does not; failed statuses do not echo the body', async () => {
    const rest = await sourceId(service.api, 'rest_api', { base_url: `${local.url}/v1`, endpoints: 'items', token: 'rest-secret-token' });
    const destination = await createDestination(service.api, 'files', { bucket_url: join(service.filesDir, 'items'), format: 'jsonl' });
    const attempt = await runToEnd(service.api, rest, destination.id);
    expect(attempt.disposition, attempt.errors.join('; ')).toBe('succeeded');
    expect(counts(attempt)).toEqual({ items: 3 });
    expect(elsewhereHeaders).toEqual([undefined]);

    const missing = await sourceId(service.api, 'csv', { location: `${local.url}/missing.csv` });
    expect(await discoveryError(service.api, missing)).toBe(`${local.url}/missing.csv answered HTTP 404.`);
  });
});

describe('a service listening on 0.0.0.0', () => {
  let exposed: Harness;
  beforeAll(async () => {
    exposed = await startHarness({ host: '0.0.0.0' });
  });
  afterAll(async () => {
    await exposed.stop();
  });

  it('refuses loopback and private addresses when stored, saying how to allow them', async () => {
    const cases: [Promise<ApiAnswer>, string][] = [
      [
        createSource(exposed.api, 'csv', { location: `${local.url}/people.csv` }),
        `Refused 127.0.0.1:${String(localPort)}: it is a loopback address, and this service listens on 0.0.0.0`,
      ],
      [createSource(exposed.api, 'postgres', externalProperties('127.0.0.1')), `Refused 127.0.0.1:${String(externalPort)}: it is a loopback address`],
      [createTarget(exposed.api, externalProperties('::1')), `Refused [::1]:${String(externalPort)}: it is a loopback address`],
      [createSource(exposed.api, 'csv', { location: 'http://10.1.2.3/people.csv' }), 'Refused 10.1.2.3:80: it is a private address'],
      [createSource(exposed.api, 'rest_api', { base_url: 'https://192.168.0.10/v1', endpoints: 'a' }), 'Refused 192.168.0.10:443: it is a private address'],
      [createSource(exposed.api, 'csv', { location: 'http://100.64.0.1/people.csv' }), 'Refused 100.64.0.1:80: it is a carrier-grade NAT'],
      [createSource(exposed.api, 'csv', { location: 'http://[fd12::1]/people.csv' }), 'Refused [fd12::1]:80: it is a unique local IPv6 address'],
    ];
    for (const [pending, start] of cases) {
      const answer = await pending;
      expectError(answer, 400, BAD_REQUEST);
      const { message } = answer.body as { message: string };
      expect(message).toContain(`Bad Request: ${start}`);
      expect(message).toMatch(/To allow it, start the service with FLOWDECK_CONNECTOR_ALLOW=\S+ \(IP addresses, CIDR ranges or host names/);
    }
  });

  it('refuses a name that resolves to loopback when connecting', async () => {
    const csv = await sourceId(exposed.api, 'csv', { location: `http://localhost:${String(localPort)}/people.csv` });
    const error = await discoveryError(exposed.api, csv);
    expect(error).toMatch(viaLocalhost(localPort));
    expect(error).toContain('FLOWDECK_CONNECTOR_ALLOW');
    const [message] = await verifyMessages(exposed.api, externalProperties('localhost'));
    expect(message).toMatchObject({ name: 'connection', isError: true, message: expect.stringMatching(viaLocalhost(externalPort)) as unknown });
  });
});

describe('a service listening on 0.0.0.0 with FLOWDECK_CONNECTOR_ALLOW', () => {
  let allowing: Harness;
  beforeAll(async () => {
    allowing = await startHarness({ host: '0.0.0.0', connectorAllow: ['127.0.0.0/8', 'db.example.test'] });
  });
  afterAll(async () => {
    await allowing.stop();
  });

  it('reaches the addresses it lists: discovery and a run of a csv URL, a database on another server', async () => {
    const csv = await sourceId(allowing.api, 'csv', { location: `${local.url}/people.csv` });
    expect((await discovered(allowing.api, csv)).discoveryStatus?.status).toBe('succeeded');
    const destination = await createDestination(allowing.api, 'files', { bucket_url: join(allowing.filesDir, 'people'), format: 'jsonl' });
    expect(counts(await runToEnd(allowing.api, csv, destination.id))).toEqual({ people: 3 });
    const postgres = await sourceId(allowing.api, 'postgres', externalProperties('localhost'));
    expect((await discovered(allowing.api, postgres)).discoveryStatus?.status).toBe('succeeded');
  });

  it('still refuses what it does not list, its own address and its own database', async () => {
    expectError(await createSource(allowing.api, 'csv', { location: 'http://10.1.2.3/people.csv' }), 400, /Refused 10\.1\.2\.3:80: it is a private address/);
    const ownAddress = Number(new URL(allowing.url).port);
    expectError(await createSource(allowing.api, 'csv', { location: `http://127.0.0.1:${String(ownAddress)}/v2/flows` }), 400, /this service's own address/);
    expectError(await createSource(allowing.api, 'postgres', ownDatabaseProperties('127.0.0.1')), 400, /this service's own database/);
    expectError(await createSource(allowing.api, 'csv', { location: 'http://169.254.169.254/' }), 400, /link-local/);
  });
});

describe('a host name in FLOWDECK_CONNECTOR_ALLOW', () => {
  let named: Harness;
  beforeAll(async () => {
    named = await startHarness({ host: '0.0.0.0', connectorAllow: ['LOCALHOST'] });
  });
  afterAll(async () => {
    await named.stop();
  });

  it('allows that name whatever it resolves to, not the address spelled out', async () => {
    const csv = await sourceId(named.api, 'csv', { location: `http://localhost:${String(localPort)}/people.csv` });
    expect((await discovered(named.api, csv)).discoveryStatus?.status).toBe('succeeded');
    expectError(await createSource(named.api, 'csv', { location: `${local.url}/people.csv` }), 400, /it is a loopback address/);
  });
});
