import { beforeEach, describe, expect, it } from 'vitest';
import { apiError, rawCall, signIn } from '@/mock-service/api-test-helpers';
import { SEED } from '@/mock-service/seed';
import { mockService } from '@/test/server';
import { MASKED_SECRET } from './common';
import { createDestination, deleteDestination, getDestination, listDestinations, updateDestination, verifyDestination } from './destinations';

beforeEach(() => {
  signIn();
});

describe('createDestination', () => {
  it('creates from a spec name and answers the destination with its full spec', async () => {
    const destination = await createDestination({
      destinationSpec: 'duckdb',
      displayName: 'Scratch',
      properties: { path: '/tmp/x.duckdb' },
    });
    expect(destination).toMatchObject({ displayName: 'Scratch', destinationSpec: { name: 'duckdb', lifecycle: 'STABLE' } });
    expect(destination.properties).toEqual({ path: '/tmp/x.duckdb' });
    // A file and its schema: nothing the service would not use (no MotherDuck token).
    expect(destination.destinationSpec.propertyDefinitions.map((definition) => definition.name)).toEqual(['path', 'schema']);
    expect(await getDestination(destination.id)).toMatchObject({ id: destination.id, displayName: 'Scratch' });
  });

  it('answers 400 for an unknown spec and rejects a mask before sending', async () => {
    expect(await apiError(createDestination({ destinationSpec: 'snowflake' }))).toMatchObject({ kind: 'bad_request', status: 400 });
    expect(await apiError(createDestination({ destinationSpec: 'postgres', properties: { password: '********' } }))).toMatchObject({
      kind: 'bad_request',
      status: undefined,
    });
  });
});

describe('getDestination', () => {
  it('reads lowercase property types as uppercase and masks secrets', async () => {
    const wire = await rawCall('GET', '/v2/destinations/2');
    expect(JSON.stringify(wire.body)).toContain('"type":"number"');
    const destination = await getDestination(2);
    expect(destination.destinationSpec.propertyDefinitions.find((definition) => definition.name === 'port')?.type).toBe('NUMBER');
    expect(destination.properties).toMatchObject({ host: 'reporting.internal', port: 5432, password: MASKED_SECRET });
  });

  it('answers 404, 401 and 403 as documented', async () => {
    expect(await apiError(getDestination(999))).toMatchObject({ kind: 'not_found', message: 'Not Found' });
    mockService.failNext('getDestination', { status: 403, message: 'Your current plan does not support destinations.' });
    expect(await apiError(getDestination(1))).toMatchObject({ kind: 'forbidden', message: 'Your current plan does not support destinations.' });
    signIn('expired-key');
    expect(await apiError(getDestination(1))).toMatchObject({ kind: 'unauthorized' });
  });
});

describe('updateDestination', () => {
  it('changes what is sent and keeps a secret left out', async () => {
    const destination = await updateDestination(2, { displayName: 'Reporting', properties: { schema: 'staging' } });
    expect(destination).toMatchObject({ displayName: 'Reporting', properties: { schema: 'staging', password: MASKED_SECRET } });
    expect(mockService.db.destination(2)?.properties.password).toBe('loader-pass');
  });

  it('answers 404 for an unknown destination and 400 for a bad value', async () => {
    expect(await apiError(updateDestination(999, {}))).toMatchObject({ kind: 'not_found' });
    expect(await apiError(updateDestination(2, { properties: { port: true } }))).toMatchObject({ kind: 'bad_request', status: 400 });
  });
});

describe('verifyDestination', () => {
  it('reads is_error as isError on informational messages', async () => {
    const messages = await verifyDestination(1);
    expect(messages).toEqual([
      { name: 'connection', message: 'Opened /data/warehouse.duckdb.', isError: false },
      { name: 'schema', message: 'Schema analytics is writable.', isError: false },
    ]);
  });

  it('lists one error per missing required property', async () => {
    const messages = await verifyDestination(SEED.incompleteDestinationId);
    expect(messages).toEqual([{ name: 'path', message: 'Required property "Database file" is missing.', isError: true }]);
  });

  it('accepts isError spelled as in the prose', async () => {
    mockService.failNext('verifyDestination', { body: { data: [{ name: 'connection', message: 'refused', isError: true }] } });
    expect(await verifyDestination(1)).toEqual([{ name: 'connection', message: 'refused', isError: true }]);
  });

  it('reads the service timeout (504) of a slow destination as a timeout', async () => {
    const error = await apiError(verifyDestination(SEED.slowDestinationId));
    expect(error).toMatchObject({ kind: 'timeout', status: 504, message: 'Request Timeout' });
  });

  it('reads 408 and a "Request Timeout" body with any status as a timeout', async () => {
    mockService.failNext('verifyDestination', { status: 408, message: 'Request Timeout' });
    mockService.failNext('verifyDestination', { status: 200, body: { message: 'Request Timeout' } });
    mockService.failNext('verifyDestination', { status: 400, message: 'Request Timeout' });
    expect(await apiError(verifyDestination(1))).toMatchObject({ kind: 'timeout', status: 408 });
    expect(await apiError(verifyDestination(1))).toMatchObject({ kind: 'timeout', status: 200 });
    expect(await apiError(verifyDestination(1))).toMatchObject({ kind: 'timeout', status: 400 });
  });

  it('answers 404 for an unknown destination', async () => {
    expect(await apiError(verifyDestination(999))).toMatchObject({ kind: 'not_found', status: 404 });
  });
});

describe('listDestinations', () => {
  it('lists the destinations with their specs in summary form', async () => {
    const destinations = await listDestinations();
    expect(destinations.map((destination) => destination.id)).toEqual(mockService.db.state.destinations.map((destination) => destination.id));
    expect(destinations[1]).toMatchObject({ id: 2, destinationSpec: { name: 'postgres', propertyDefinitions: [] }, properties: { password: MASKED_SECRET } });
  });

  it('pages with limit and offset', async () => {
    expect((await listDestinations({ limit: 1, offset: 2 })).map((destination) => destination.id)).toEqual([3]);
  });

  it('reads a 404 from a service without the list as not found', async () => {
    mockService.failNext('listDestinations', { status: 404 });
    expect(await apiError(listDestinations())).toMatchObject({ kind: 'not_found' });
  });
});

describe('deleteDestination', () => {
  it('is refused while flows use it, naming them; an unused one is deleted', async () => {
    expect(await apiError(deleteDestination(4))).toMatchObject({
      kind: 'bad_request',
      message: 'Destination 4 is used by a flow: “Partner stock to partner warehouse” (flow 13). Delete that flow or point it at another destination first.',
    });
    expect(await deleteDestination(SEED.incompleteDestinationId)).toBe(true);
    expect(await apiError(getDestination(SEED.incompleteDestinationId))).toMatchObject({ kind: 'not_found' });
  });
});
