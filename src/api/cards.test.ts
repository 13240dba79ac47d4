import { beforeEach, describe, expect, it } from 'vitest';
import { apiError, rawCall, signIn } from '@/mock-service/api-test-helpers';
import { DEMO_API_KEY } from '@/mock-service/auth';
import { SEED } from '@/mock-service/seed';
import { DEPRECATED_FTP_SPEC, giveSourceSpec } from '@/test/extra-specs';
import { mockService } from '@/test/server';
import {
  closedCardReason,
  configurationCardSchema,
  createConfigurationCard,
  getCardForRecipient,
  listConfigurationCards,
  revokeConfigurationCard,
  submitCard,
} from './cards';

beforeEach(() => {
  signIn();
});

const inAWeek = () => new Date(Date.now() + 7 * 24 * 3600_000).toISOString();

describe('createConfigurationCard', () => {
  it('sends the card type the hosted service asks for and reads it back', async () => {
    const card = await createConfigurationCard(SEED.incompleteSourceId, { type: 'AGENT', expiresAt: inAWeek() });
    expect(card.type).toBe('AGENT');
  });

  it('creates a link with an unguessable, URL-safe hash', async () => {
    const card = await createConfigurationCard(SEED.incompleteSourceId, {
      expiresAt: inAWeek(),
      instruction: 'Fill in the password',
      imageUrl: 'https://example.com/a.png',
    });
    expect(card).toMatchObject({
      type: 'SOURCE',
      sourceName: 'Partner stock database',
      instruction: 'Fill in the password',
      imageUrl: 'https://example.com/a.png',
    });
    expect(card.hashId).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(card.url).toBe(`http://localhost/cards/${card.hashId}`);
    const other = await createConfigurationCard(SEED.incompleteSourceId, { expiresAt: inAWeek() });
    expect(other.hashId).not.toBe(card.hashId);
    expect(other).toMatchObject({ imageUrl: null, instruction: null });
  });

  it('rejects a bad body before sending, and the service answers 400 for a past expiry', async () => {
    expect(await apiError(createConfigurationCard(1, { expiresAt: 'tomorrow' }))).toMatchObject({ kind: 'bad_request', status: undefined });
    const past = new Date(Date.now() - 1000).toISOString();
    expect(await apiError(createConfigurationCard(1, { expiresAt: past }))).toMatchObject({ kind: 'bad_request', status: 400 });
  });

  it('answers 404 for an unknown source, 401 without a key, 403 with the plan message', async () => {
    expect(await apiError(createConfigurationCard(999, { expiresAt: inAWeek() }))).toMatchObject({ kind: 'not_found' });
    mockService.failNext('createConfigurationCard', { status: 403, message: 'Your current plan does not support configuration cards.' });
    expect(await apiError(createConfigurationCard(1, { expiresAt: inAWeek() }))).toMatchObject({
      kind: 'forbidden',
      message: 'Your current plan does not support configuration cards.',
    });
    signIn(null);
    expect(await apiError(createConfigurationCard(1, { expiresAt: inAWeek() }))).toMatchObject({ kind: 'unauthorized' });
  });
});

describe('listConfigurationCards', () => {
  it("lists a source's cards newest first, expired ones included", async () => {
    const before = await listConfigurationCards(SEED.incompleteSourceId);
    expect(before.map((card) => card.hashId)).toContain(SEED.validCardHash);
    expect((await listConfigurationCards(3)).map((card) => card.hashId)).toContain(SEED.expiredCardHash);
    const created = await createConfigurationCard(SEED.incompleteSourceId, { expiresAt: inAWeek(), instruction: 'Newest' });
    const after = await listConfigurationCards(SEED.incompleteSourceId);
    expect(after[0]).toEqual({ ...created, state: 'open' });
    expect(after).toHaveLength(before.length + 1);
    expect(await listConfigurationCards(SEED.incompleteSourceId, { limit: 1, offset: 1 })).toEqual([after[1]]);
  });

  it('answers 404 for an unknown source', async () => {
    expect(await apiError(listConfigurationCards(999))).toMatchObject({ kind: 'not_found', status: 404 });
  });
});

describe('card recipient', () => {
  it('authenticates with the card hash as bearer, not the session key', async () => {
    // A spec the service's catalogue does not have: the card carries any spec as it is, deprecated ones too.
    giveSourceSpec(SEED.incompleteSourceId, DEPRECATED_FTP_SPEC, { host: 'ftp.partner.example', directory: '/outgoing' });
    const card = await getCardForRecipient(SEED.validCardHash);
    expect(mockService.calls.at(-1)?.authorization).toBe(`Bearer ${SEED.validCardHash}`);
    expect(card).toMatchObject({
      hashId: SEED.validCardHash,
      sourceName: 'Partner stock database',
      sourceSpec: { name: 'legacy_ftp', lifecycle: 'DEPRECATED' },
    });
    expect(card.sourceSpec.instructions).toMatch(/deprecated/);
    expect(card.sourceSpec.propertyDefinitions.map((definition) => definition.name)).toEqual(['host', 'username', 'password', 'directory']);
  });

  it('never shows property values to the recipient', async () => {
    const wire = await rawCall('GET', `/v2/cards/${SEED.validCardHash}`, { token: SEED.validCardHash });
    expect(JSON.stringify(wire.body)).not.toContain('db.partner.example');
  });

  it('refuses an API key or another hash as the bearer', async () => {
    expect(await rawCall('GET', `/v2/cards/${SEED.validCardHash}`, { token: DEMO_API_KEY })).toMatchObject({ status: 401 });
    expect(await rawCall('GET', `/v2/cards/${SEED.validCardHash}`, { token: SEED.expiredCardHash })).toMatchObject({ status: 401 });
  });

  it('answers 404 for an unknown hash and 410 gone for an expired card', async () => {
    expect(await apiError(getCardForRecipient('no-such-card'))).toMatchObject({ kind: 'not_found', status: 404 });
    expect(await apiError(getCardForRecipient(SEED.expiredCardHash))).toMatchObject({
      kind: 'gone',
      status: 410,
      message: 'This configuration link has expired.',
    });
    expect(await apiError(submitCard(SEED.expiredCardHash, { properties: { token: 'x' } }))).toMatchObject({ kind: 'gone' });
  });

  it('names the missing required properties and stores nothing', async () => {
    const error = await apiError(submitCard(SEED.validCardHash, { properties: { schema: 'incoming' } }));
    expect(error).toMatchObject({ kind: 'bad_request', status: 400, message: 'Bad Request: Missing required properties: user, password' });
    expect(mockService.db.source(SEED.incompleteSourceId)?.properties.schema).toBe('outgoing');
  });

  it('stores submitted values on the source, secrets masked when read back', async () => {
    await submitCard(SEED.validCardHash, { properties: { user: 'acme', password: 'partner-pass' } });
    expect(mockService.db.source(SEED.incompleteSourceId)?.properties).toMatchObject({ host: 'db.partner.example', user: 'acme', password: 'partner-pass' });
    const source = await rawCall('GET', `/v2/sources/${String(SEED.incompleteSourceId)}`);
    expect(source.body).toMatchObject({ data: { properties: { user: 'acme', password: '********' } } });
  });

  it('rejects a masked value before sending', async () => {
    expect(await apiError(submitCard(SEED.validCardHash, { properties: { password: '********' } }))).toMatchObject({ kind: 'bad_request', status: undefined });
  });
});

describe('card states and revoking (Flowdeck additions)', () => {
  it('reads each card’s state and times, and still reads a card from a service without them', () => {
    const wire = {
      id: 7,
      hash_id: 'h',
      expires_at: '2030-01-01T00:00:00Z',
      type: 'source',
      source_name: 'S',
      url: 'http://x/cards/h',
      image_url: null,
      instruction: null,
    };
    expect(configurationCardSchema.parse(wire)).toMatchObject({ type: 'SOURCE', state: undefined, submittedAt: null, revokedAt: null });
    expect(configurationCardSchema.parse({ ...wire, state: 'SUBMITTED', submitted_at: '2029-12-31T10:00:00Z', revoked_at: null })).toMatchObject({
      state: 'submitted',
      submittedAt: '2029-12-31T10:00:00Z',
      revokedAt: null,
    });
    expect(configurationCardSchema.parse({ ...wire, state: 'paused' }).state).toBe('paused');
  });

  it('works a link once: the second submission and any later read answer 410 "already used"', async () => {
    await submitCard(SEED.validCardHash, { properties: { user: 'acme', password: 'partner-pass' } });
    const again = await apiError(submitCard(SEED.validCardHash, { properties: { user: 'attacker', password: 'x' } }));
    expect(again).toMatchObject({ kind: 'gone', status: 410, message: 'This link has already been used.' });
    expect(closedCardReason(again)).toBe('submitted');
    expect(closedCardReason(await apiError(getCardForRecipient(SEED.validCardHash)))).toBe('submitted');
    expect(mockService.db.source(SEED.incompleteSourceId)?.properties.user).toBe('acme');
    const [listed] = await listConfigurationCards(SEED.incompleteSourceId);
    expect(listed).toMatchObject({ hashId: SEED.validCardHash, state: 'submitted', revokedAt: null });
    expect(Date.parse(listed?.submittedAt ?? '')).not.toBeNaN();
  });

  it('revokes an open card: the link answers 410 "revoked" and the list says when', async () => {
    const card = await createConfigurationCard(SEED.incompleteSourceId, { expiresAt: inAWeek() });
    // Flowdeck's create answer carries the card's state too (an addition), as the service's does.
    expect(card).toMatchObject({ state: 'open', submittedAt: null, revokedAt: null });
    await revokeConfigurationCard(SEED.incompleteSourceId, card.id);
    const error = await apiError(getCardForRecipient(card.hashId));
    expect(error).toMatchObject({ kind: 'gone', message: 'This link has been revoked.' });
    expect(closedCardReason(error)).toBe('revoked');
    expect(closedCardReason(await apiError(submitCard(card.hashId, { properties: { user: 'x', password: 'y' } })))).toBe('revoked');
    const [listed] = await listConfigurationCards(SEED.incompleteSourceId);
    expect(listed).toMatchObject({ id: card.id, state: 'revoked', submittedAt: null });
    expect(listed?.revokedAt).toEqual(expect.any(String));
  });

  it('answers 404 for a card of another source or an unknown one, 401 without a key', async () => {
    expect(await apiError(revokeConfigurationCard(3, 1))).toMatchObject({ kind: 'not_found' });
    expect(await apiError(revokeConfigurationCard(SEED.incompleteSourceId, 999))).toMatchObject({ kind: 'not_found' });
    signIn(null);
    expect(await apiError(revokeConfigurationCard(SEED.incompleteSourceId, 1))).toMatchObject({ kind: 'unauthorized' });
  });

  it('reads the reason of any other 410 as expired, and nothing else as closed', async () => {
    expect(closedCardReason(await apiError(getCardForRecipient(SEED.expiredCardHash)))).toBe('expired');
    mockService.failNext('getCardForRecipient', { status: 410, message: 'Gone' });
    expect(closedCardReason(await apiError(getCardForRecipient(SEED.validCardHash)))).toBe('expired');
    expect(closedCardReason(await apiError(getCardForRecipient('no-such-card')))).toBeNull();
    expect(closedCardReason(new Error('This link has already been used.'))).toBeNull();
  });
});
