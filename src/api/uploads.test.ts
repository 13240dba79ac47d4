import { File as NodeFile } from 'node:buffer';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiError, signIn } from '@/mock-service/api-test-helpers';
import { DEMO_API_KEY } from '@/mock-service/auth';
import { MOCK_UPLOAD_LIMIT_BYTES } from '@/mock-service/handlers-uploads';
import { mockService } from '@/test/server';
import { getUploadLimits, readUploadAnswer, safeUploadName, type UploadProgress, uploadFile, UploadTooLargeError } from './uploads';

beforeEach(() => {
  signIn();
});

// Node's File, not jsdom's: MSW reads an XMLHttpRequest body through Node's fetch Request, which does
// not know jsdom's Blob (a browser sends either from disk).
const csvFile = (name = 'orders.csv', text = 'id,total\n1,9.5\n2,12\n') => new NodeFile([text], name, { type: 'text/csv' }) as unknown as File;

describe('uploadFile', () => {
  it('sends the file with the key and its name, reports the bytes sent and reads where it landed', async () => {
    const seen: UploadProgress[] = [];
    const upload = await uploadFile(csvFile(), { onProgress: (progress) => seen.push(progress) });
    expect(upload).toEqual({ location: expect.stringMatching(/\/uploads\/[0-9a-f]{24}\/orders\.csv$/) as unknown, name: 'orders.csv', size: 20 });
    expect(seen.at(-1)).toEqual({ loaded: 20, total: 20 });
    const call = mockService.calls.at(-1);
    expect(call).toMatchObject({ operation: 'uploadFile', method: 'POST', authorization: `Bearer ${DEMO_API_KEY}` });
    expect(new URL(call?.url ?? '').searchParams.get('filename')).toBe('orders.csv');
  });

  it('turns a 413 into an UploadTooLargeError carrying the limit', async () => {
    mockService.failNext('uploadFile', { status: 413, body: { message: 'Payload Too Large', limitBytes: 1024 } });
    const error = await apiError(uploadFile(csvFile()));
    expect(error).toBeInstanceOf(UploadTooLargeError);
    expect(error).toMatchObject({ kind: 'bad_request', status: 413, message: 'Payload Too Large', limitBytes: 1024 });
  });

  it('reads other failures like every call: 401, the service message, a dropped connection', async () => {
    signIn(null);
    expect(await apiError(uploadFile(csvFile()))).toMatchObject({ kind: 'unauthorized', status: 401 });
    signIn();
    mockService.failNext('uploadFile', { status: 400, message: 'Bad Request: the file is empty.' });
    expect(await apiError(uploadFile(csvFile()))).toMatchObject({ kind: 'bad_request', message: 'Bad Request: the file is empty.' });
    mockService.failNext('uploadFile', { network: true });
    expect(await apiError(uploadFile(csvFile()))).toMatchObject({ kind: 'network' });
  });

  it('stops when its signal is aborted, rejecting with the reason like fetch', async () => {
    mockService.failNext('uploadFile', { delayMs: 200 });
    const controller = new AbortController();
    const pending = uploadFile(csvFile(), { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('refuses an answer that is not an upload', () => {
    expect(() => readUploadAnswer(201, '{"data":{"name":"x.csv"}}')).toThrow(expect.objectContaining({ kind: 'invalid_response' }));
    expect(() => readUploadAnswer(201, '<html>')).toThrow(expect.objectContaining({ kind: 'invalid_response' }));
    expect(() => readUploadAnswer(413, 'Payload Too Large')).toThrow(expect.objectContaining({ limitBytes: null, message: 'Payload Too Large' }));
  });
});

describe('getUploadLimits', () => {
  it('reads the largest file the service accepts', async () => {
    expect(await getUploadLimits()).toEqual({ limitBytes: MOCK_UPLOAD_LIMIT_BYTES });
  });
});

describe('safeUploadName', () => {
  it('keeps only a clean last segment with a CSV-like extension', () => {
    expect(safeUploadName('../../etc/passwd')).toBe('passwd.csv');
    expect(safeUploadName('..\\..\\x')).toBe('x.csv');
    expect(safeUploadName('a\u0000b.csv')).toBe('a_b.csv');
    expect(safeUploadName('.env')).toBe('env.csv');
    expect(safeUploadName('...')).toBe('upload.csv');
    expect(safeUploadName(null)).toBe('upload.csv');
    expect(safeUploadName('Orders 2025 (final).CSV')).toBe('Orders_2025_final.csv');
    expect(safeUploadName('prices.tsv')).toBe('prices.tsv');
    expect(safeUploadName('report.xlsx')).toBe('report.xlsx.csv');
    expect(safeUploadName(`${'é'.repeat(1_000)}.txt`)).toBe(`${'e'.repeat(100)}.txt`);
  });
});
