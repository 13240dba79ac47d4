import { File as NodeFile } from 'node:buffer';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MOCK_PASSWORD } from '@/mock-service/auth';
import { renderApp } from '@/test/render';
import { recordBodies } from '@/test/request-bodies';
import { mockService } from '@/test/server';

// Node's File, not jsdom's: MSW reads an XMLHttpRequest body through Node's fetch Request, which does
// not know jsdom's Blob (a browser sends either straight from disk).
const ORDERS = 'id,total\n1,9.5\n2,12\n';
const ordersFile = () => new NodeFile([ORDERS], 'orders.csv', { type: 'text/csv' }) as unknown as File;

/** New source → CSV file → Create: the configuration step with the upload zone above the location. */
async function newCsvSource(user: UserEvent) {
  await user.click(await screen.findByRole('radio', { name: 'CSV file' }));
  expect(await screen.findByText('Next step: upload a CSV file from this computer, or give a path or URL.')).toBeInTheDocument();
  await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Orders');
  await user.click(screen.getByRole('button', { name: 'Create source' }));
  await screen.findByText('Created “Orders”');
  return {
    zone: await screen.findByRole('button', { name: 'Upload a CSV file' }),
    input: screen.getByLabelText('CSV file'),
    location: screen.getByRole<HTMLInputElement>('textbox', { name: /^File path or URL/ }),
  };
}

describe('uploading a CSV file for a new source', () => {
  it('shows the file, its size and the progress, then fills in the location, which Save sends', async () => {
    const patches = recordBodies('PATCH', /^\/v2\/sources\/\d+$/);
    const { user, router } = renderApp('/sources/new');
    const { zone, input, location } = await newCsvSource(user);
    expect(zone).toHaveAttribute('tabindex', '0');
    expect(zone).toHaveAccessibleDescription(/Up to 1 GiB\.$/);

    mockService.failNext('uploadFile', { delayMs: 400 });
    await user.upload(input, ordersFile());
    const uploading = await screen.findByRole('status', { name: 'Upload progress' });
    expect(within(uploading).getByText('Uploading “orders.csv”')).toBeInTheDocument();
    expect(within(uploading).getByText('0 bytes of 20 bytes (0 %)')).toBeInTheDocument();
    expect(within(uploading).getByRole('progressbar', { name: 'Uploading orders.csv' })).toHaveAttribute('aria-valuenow', '0');
    expect(within(uploading).getByRole('button', { name: 'Cancel upload' })).toBeInTheDocument();

    expect(await screen.findByText('Uploaded “orders.csv”')).toBeInTheDocument();
    expect(screen.getByText('20 bytes stored on the service. Its path is filled in below: save to use it.')).toBeInTheDocument();
    expect(location.value).toMatch(/^\/home\/you\/\.flowdeck\/files\/uploads\/[0-9a-f]{24}\/orders\.csv$/);
    const uploaded = location.value;

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toMatch(/^\/sources\/\d+$/);
    });
    expect(patches).toEqual([{ properties: { location: uploaded } }]);
  });

  it('uploads with a browser session too: the upload carries the CSRF header the cookie needs', async () => {
    const { user } = renderApp('/sign-in?redirect=%2Fsources%2Fnew', { apiKey: null });
    await user.type(await screen.findByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), MOCK_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const { input } = await newCsvSource(user);
    await user.upload(input, ordersFile());
    expect(await screen.findByText('Uploaded “orders.csv”')).toBeInTheDocument();
    expect(mockService.calls.filter((call) => call.operation === 'uploadFile').map((call) => call.authorization)).toEqual([null]);
  });

  it('says the limit when the service answers 413, and leaves the location as it was', async () => {
    const { user } = renderApp('/sources/new');
    const { input, location } = await newCsvSource(user);
    mockService.failNext('uploadFile', { status: 413, body: { message: 'Payload Too Large', limitBytes: 16 } });
    await user.upload(input, ordersFile());
    const alert = await screen.findByRole('alert', { name: 'The upload failed' });
    expect(alert).toHaveTextContent('“orders.csv” (20 bytes) is larger than the upload limit of 16 bytes.');
    expect(location.value).toBe('');
    expect(screen.getByRole('button', { name: 'Upload a CSV file' })).toBeInTheDocument();
  });

  it('refuses a file over the limit before sending it, and a file that is not CSV', async () => {
    mockService.failNext('getUploadLimits', { body: { data: { limitBytes: 16 } } });
    const { user } = renderApp('/sources/new');
    const { zone, input } = await newCsvSource(user);
    expect(zone).toHaveAccessibleDescription(/Up to 16 bytes\.$/);
    await user.upload(input, ordersFile());
    expect(await screen.findByRole('alert', { name: 'This file was not uploaded' })).toHaveTextContent(
      '“orders.csv” (20 bytes) is larger than the upload limit of 16 bytes.',
    );

    const sheet = new NodeFile(['PK'], 'orders.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }) as unknown as File;
    // Dropped, so no file dialog filters it first.
    fireEvent.drop(zone, { dataTransfer: { files: [sheet], items: [{ kind: 'file', type: sheet.type, getAsFile: () => sheet }], types: ['Files'] } });
    expect(await screen.findByText('“orders.xlsx” is not a CSV file: choose a .csv, .tsv or .txt file.')).toBeInTheDocument();
    expect(mockService.calls.filter((call) => call.operation === 'uploadFile')).toEqual([]);
  });

  it('cancels an upload in progress', async () => {
    const { user } = renderApp('/sources/new');
    const { input, location } = await newCsvSource(user);
    mockService.failNext('uploadFile', { delayMs: 5_000 });
    await user.upload(input, ordersFile());
    await user.click(await screen.findByRole('button', { name: 'Cancel upload' }));
    expect(await screen.findByText('Upload cancelled: nothing was kept.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload a CSV file' })).toBeInTheDocument();
    expect(location.value).toBe('');
  });

  it('keeps typing a path possible', async () => {
    const patches = recordBodies('PATCH', /^\/v2\/sources\/\d+$/);
    const { user } = renderApp('/sources/new');
    const { location } = await newCsvSource(user);
    await user.type(location, 'https://example.com/orders.csv');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(patches).toEqual([{ properties: { location: 'https://example.com/orders.csv' } }]);
    });
  });
});
