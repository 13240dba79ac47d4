import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dataOf, listOf } from '@/api/common';
import { destinationSpecFullSchema, destinationSpecSummarySchema } from '@/api/specs';
import { DESTINATION_SPECS, SOURCE_SPECS } from '@/catalogue/connector-specs';
import { createSource, runToEnd } from './connector-fixtures';
import { BAD_REQUEST, expectError, expectWrapped } from './fixtures';
import { startHarness } from './harness';

// The catalogue offers only what works. Nothing in this service speaks to S3 or GCS, so no spec, name or
// description claims a bucket; the files destination's format is a choice, and every choice offered
// really writes files.

const service = await startHarness();
afterAll(() => service.stop());
const { api } = service;

/** What a person reads of a spec: its names, lines and the names and descriptions of its properties. */
function readableText(spec: (typeof DESTINATION_SPECS)[number]): string[] {
  return [
    spec.displayName,
    spec.tagLine,
    spec.instructions,
    ...spec.propertyDefinitions.flatMap((definition) => [definition.displayName ?? '', definition.description ?? '']),
  ];
}

const REMOTE_CLAIMS = /\bs3\b|\bgcs\b|bucket|google cloud|amazon|aws/i;

describe('the connector catalogue', () => {
  it('claims no S3, GCS or bucket support in any spec', () => {
    for (const spec of [...SOURCE_SPECS, ...DESTINATION_SPECS]) {
      for (const text of readableText(spec)) expect(text, spec.name).not.toMatch(REMOTE_CLAIMS);
    }
  });

  it('answers the files destination spec without bucket claims, its format a choice of what the connector writes', async () => {
    const listed = dataOf(listOf(destinationSpecSummarySchema)).parse((await api('/v2/destinationspecs')).body);
    expect(listed.find((spec) => spec.name === 'files')?.displayName).toBe('Files (local folder)');
    const created = await api('/v2/destinations', { method: 'POST', body: { destinationSpec: 'files', properties: { bucket_url: 'honest', format: 'csv' } } });
    const spec = destinationSpecFullSchema.parse((expectWrapped(created, 201) as { destinationSpec: unknown }).destinationSpec);
    expect(spec.propertyDefinitions.map((definition) => definition.name)).toEqual(['bucket_url', 'format']);
    expect(spec.propertyDefinitions.find((definition) => definition.name === 'format')?.choices).toEqual(['jsonl', 'csv', 'parquet']);
  });
});

describe('the files destination', () => {
  it('refuses a format that is not one of its choices, on create and update (400)', async () => {
    const body = { destinationSpec: 'files', properties: { bucket_url: 'formats', format: 'xml' } };
    expectError(await api('/v2/destinations', { method: 'POST', body }), 400, 'Bad Request: Property format must be one of jsonl, csv, parquet.');
    const created = await api('/v2/destinations', { method: 'POST', body: { ...body, properties: { bucket_url: 'formats', format: 'jsonl' } } });
    const { id } = expectWrapped(created, 201) as { id: number };
    expectError(await api(`/v2/destinations/${String(id)}`, { method: 'PATCH', body: { properties: { format: 'JSON' } } }), 400, BAD_REQUEST);
  });

  it('refuses a remote address when it is saved (400), naming what it writes to instead', async () => {
    for (const bucket_url of ['s3://bucket/raw', 'gs://bucket/raw', 'https://storage.example.com/raw']) {
      const answer = await api('/v2/destinations', { method: 'POST', body: { destinationSpec: 'files', properties: { bucket_url, format: 'jsonl' } } });
      expectError(
        answer,
        400,
        `Bad Request: This destination writes to folders of this service only (a path or a file:// address); "${bucket_url}" is a remote address.`,
      );
    }
  });

  it.each(['jsonl', 'csv', 'parquet'])('writes %s files, one per table', async (format) => {
    const folder = `formats-${format}`;
    const created = await api('/v2/destinations', { method: 'POST', body: { destinationSpec: 'files', properties: { bucket_url: folder, format } } });
    const destination = expectWrapped(created, 201) as { id: number };
    const source = await createSource(api, 'sample', { row_count: 20 });
    const attempt = await runToEnd(api, source.id, destination.id, 30_000, { namespace: null });
    expect(attempt.disposition).toBe('succeeded');
    const files = readdirSync(join(service.filesDir, folder));
    for (const table of ['customers', 'orders', 'products']) expect(files).toContain(`${table}.${format}`);
  });
});
