import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MASKED_SECRET, type Properties, type PropertyDefinition } from '@/api/common';
import { ApiError } from '@/api/errors';
import { PropertyForm, type PropertyFormChanges } from './property-form';

const definition = (name: string, type: string, extra: Partial<PropertyDefinition> = {}): PropertyDefinition => ({
  name,
  type,
  required: false,
  displayName: null,
  description: null,
  ...extra,
});

const everyType = [
  definition('host', 'STRING', { displayName: 'Host', required: true, description: 'Hostname of the server.' }),
  definition('password', 'PASSWORD', { displayName: 'Password', required: true }),
  definition('notes', 'TEXT', { displayName: 'Notes' }),
  definition('port', 'NUMBER', { displayName: 'Port' }),
  definition('ssl', 'BOOLEAN', { displayName: 'Use SSL' }),
  definition('start_date', 'DATE', { displayName: 'Start date' }),
  definition('since', 'DATETIME', { displayName: 'Events since' }),
  definition('daily_at', 'TIME', { displayName: 'Daily at' }),
];

function renderForm(props: {
  definitions: PropertyDefinition[];
  saved?: Properties;
  requiredCheck?: 'enforce' | 'mark';
  onSubmit?: (changes: PropertyFormChanges) => Promise<unknown>;
}) {
  const onSubmit = vi.fn(props.onSubmit ?? (() => Promise.resolve()));
  const user = userEvent.setup();
  const view = render(
    <MantineProvider env="test">
      <PropertyForm
        definitions={props.definitions}
        saved={props.saved}
        requiredCheck={props.requiredCheck}
        submitLabel="Save"
        onSubmit={onSubmit}
        allowEmptySubmit={!props.saved}
      />
    </MantineProvider>,
  );
  return { ...view, user, onSubmit, save: () => user.click(screen.getByRole('button', { name: 'Save' })) };
}

describe('PropertyForm', () => {
  it('draws every property type with its label, help text and required mark', async () => {
    renderForm({ definitions: everyType });
    expect(screen.getByRole('textbox', { name: /^Host/ })).toHaveAttribute('required');
    expect(screen.getByText('Hostname of the server.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/, { selector: 'input' })).toHaveAttribute('type', 'password');
    expect(screen.getByRole('textbox', { name: 'Notes' }).tagName).toBe('TEXTAREA');
    expect(await screen.findByRole('textbox', { name: 'Port' })).toHaveAttribute('inputmode', 'decimal');
    expect(screen.getByRole('switch', { name: 'Use SSL' })).not.toBeChecked();
    // The date inputs load with the first date field.
    expect(await screen.findByRole('textbox', { name: 'Start date' })).toHaveAttribute('placeholder', 'YYYY-MM-DD');
    expect(screen.getByRole('button', { name: 'Events since' })).toBeInTheDocument();
    expect(screen.getByLabelText('Daily at')).toHaveAttribute('type', 'time');
  });

  it('reads lowercase types, falls back to the name as label, and draws an unknown type as text with a note', async () => {
    renderForm({ definitions: [definition('port', 'number'), definition('secret_key', 'password'), definition('shade', 'color')] });
    expect(await screen.findByRole('textbox', { name: 'port' })).toHaveAttribute('inputmode', 'decimal');
    expect(screen.getByLabelText('secret_key', { selector: 'input' })).toHaveAttribute('type', 'password');
    expect(screen.getByRole('textbox', { name: 'shade' })).toBeInTheDocument();
    expect(screen.getByText(/does not know the type “color”/)).toBeInTheDocument();
  });

  it('shows and hides a password with a labelled toggle', async () => {
    const { user } = renderForm({ definitions: [definition('token', 'PASSWORD', { displayName: 'API token' })] });
    const input = screen.getByLabelText('API token', { selector: 'input' });
    await user.type(input, 'abc');
    await user.click(screen.getByRole('button', { name: 'Show API token' }));
    expect(input).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide API token' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('names each required field that is empty and sends nothing', async () => {
    const { save, onSubmit } = renderForm({ definitions: everyType });
    await save();
    expect(await screen.findByText('Host is required.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends every filled value as the service expects: numbers, booleans and ISO dates and times', async () => {
    const { user, save, onSubmit } = renderForm({ definitions: everyType });
    await user.type(screen.getByRole('textbox', { name: /^Host/ }), 'db.example.com');
    await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'hunter2');
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'line one');
    await user.type(await screen.findByRole('textbox', { name: 'Port' }), '5432');
    await user.click(screen.getByRole('switch', { name: 'Use SSL' }));
    await user.type(await screen.findByRole('textbox', { name: 'Start date' }), '2024-03-05');
    await user.tab();
    fireEvent.change(screen.getByLabelText('Daily at'), { target: { value: '02:30' } });
    await save();
    expect(onSubmit).toHaveBeenCalledWith({
      properties: { host: 'db.example.com', password: 'hunter2', notes: 'line one', port: 5432, ssl: true, start_date: '2024-03-05', daily_at: '02:30' },
    });
  });

  it('shows a saved DATETIME in local time and sends it back only when changed', async () => {
    const { save, onSubmit } = renderForm({ definitions: everyType.slice(6, 7), saved: { since: '2024-06-01T12:00:00Z' } });
    const local = new Date('2024-06-01T12:00:00Z');
    const pad = (value: number) => String(value).padStart(2, '0');
    expect(await screen.findByRole('button', { name: 'Events since' })).toHaveTextContent(`2024-06-${pad(local.getDate())} ${pad(local.getHours())}:00`);
    await save();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(await screen.findByText('Nothing changed, so nothing was sent.')).toBeInTheDocument();
  });

  it('draws a property with choices as a pick list, sends the pick, and keeps a saved value outside the choices', async () => {
    const format = definition('format', 'STRING', { displayName: 'Format', required: true, choices: ['jsonl', 'csv', 'parquet'] });
    const { user, save, onSubmit, unmount } = renderForm({ definitions: [format], saved: { format: 'jsonl' } });
    const select = await screen.findByRole('combobox', { name: /^Format/ });
    expect(select).toHaveValue('jsonl');
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'parquet' }));
    await save();
    expect(onSubmit).toHaveBeenCalledWith({ properties: { format: 'parquet' } });
    unmount();

    renderForm({ definitions: [format], saved: { format: 'JSON' } });
    expect(await screen.findByRole('combobox', { name: /^Format/ })).toHaveValue('JSON');
  });

  describe('a saved secret', () => {
    const saved: Properties = { host: 'db', password: MASKED_SECRET };
    const definitions = everyType.slice(0, 2);

    it('shows "Saved, unchanged" and leaves it out of the body when other fields change', async () => {
      const { user, save, onSubmit } = renderForm({ definitions, saved });
      const group = screen.getByRole('group', { name: 'Password' });
      expect(within(group).getByText('Saved, unchanged')).toBeInTheDocument();
      expect(screen.queryByDisplayValue(/\*/)).not.toBeInTheDocument();
      await user.clear(screen.getByRole('textbox', { name: /^Host/ }));
      await user.type(screen.getByRole('textbox', { name: /^Host/ }), 'db2');
      await save();
      expect(onSubmit).toHaveBeenCalledWith({ properties: { host: 'db2' } });
    });

    it('replaces it with what is typed, and can go back to keeping it', async () => {
      const { user, save, onSubmit } = renderForm({ definitions, saved });
      await user.click(screen.getByRole('button', { name: 'Replace Password' }));
      await user.click(screen.getByRole('button', { name: 'Keep the saved Password' }));
      expect(screen.getByText('Saved, unchanged')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Replace Password' }));
      await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'new-secret');
      await save();
      expect(onSubmit).toHaveBeenCalledWith({ properties: { password: 'new-secret' } });
    });

    it('refuses an empty replacement or a typed mask', async () => {
      const { user, save, onSubmit } = renderForm({ definitions, saved });
      await user.click(screen.getByRole('button', { name: 'Replace Password' }));
      await save();
      expect(await screen.findByText('Type the new value, or keep the saved one.')).toBeInTheDocument();
      await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), '********');
      await save();
      expect(await screen.findByText(/looks like a masked value/)).toBeInTheDocument();
      expect(onSubmit).not.toHaveBeenCalled();
    });

    it('clears an optional one with null, and can undo the clear', async () => {
      const { user, save, onSubmit } = renderForm({
        definitions: [definition('token', 'PASSWORD', { displayName: 'Token' })],
        saved: { token: MASKED_SECRET },
      });
      await user.click(screen.getByRole('button', { name: 'Clear Token' }));
      expect(screen.getByText('Will be cleared when you save')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Undo clear' }));
      expect(screen.getByText('Saved, unchanged')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Clear Token' }));
      await save();
      expect(onSubmit).toHaveBeenCalledWith({ properties: { token: null } });
    });

    it('does not clear a required one', async () => {
      const { user, save, onSubmit } = renderForm({ definitions, saved });
      await user.click(screen.getByRole('button', { name: 'Clear Password' }));
      await save();
      expect(await screen.findByText('Password is required.')).toBeInTheDocument();
      expect(onSubmit).not.toHaveBeenCalled();
    });
  });

  it('keeps the form as typed when saving fails, and marks the properties the service names as missing', async () => {
    const { user, save } = renderForm({
      definitions: [definition('username', 'STRING', { required: true }), definition('directory', 'STRING')],
      requiredCheck: 'mark',
      onSubmit: () => Promise.reject(new ApiError('bad_request', 'Bad Request: Missing required properties: username', { status: 400 })),
    });
    await user.type(screen.getByRole('textbox', { name: 'directory' }), '/in');
    await save();
    expect(await screen.findByText('Bad Request: Missing required properties: username')).toBeInTheDocument();
    expect(screen.getByText('Required: the service has no value for it yet.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'directory' })).toHaveValue('/in');
  });

  describe('an edit that moves an address', () => {
    const restApi = [
      definition('base_url', 'STRING', { displayName: 'Base URL', required: true }),
      definition('endpoints', 'TEXT', { displayName: 'Endpoints', required: true }),
      definition('token', 'PASSWORD', { displayName: 'API token', required: true }),
    ];
    const saved: Properties = { base_url: 'https://api.example.com/v1', endpoints: 'people', token: MASKED_SECRET };
    const notice = () => screen.queryByText('Changing Base URL clears the saved API token; enter it again.');

    it('says before saving that the saved token will be cleared, and stops saying it once the token is entered again', async () => {
      const { user, save, onSubmit } = renderForm({ definitions: restApi, saved });
      expect(notice()).not.toBeInTheDocument();
      const baseUrl = screen.getByRole('textbox', { name: /^Base URL/ });
      await user.type(baseUrl, '2');
      expect(notice()).toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent('Saved secrets will be cleared');
      expect(within(screen.getByRole('group', { name: 'API token' })).getByText('Will be cleared when you save')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Clear API token' })).not.toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Replace API token' }));
      expect(notice()).toBeInTheDocument(); // nothing typed yet: the token would still be cleared
      await user.type(screen.getByLabelText(/^API token/, { selector: 'input' }), 'new-token');
      expect(notice()).not.toBeInTheDocument();
      await save();
      expect(onSubmit).toHaveBeenCalledWith({ properties: { base_url: 'https://api.example.com/v12', token: 'new-token' } });
    });

    it('goes away when the address is put back, and never shows for a change that moves nothing', async () => {
      const { user } = renderForm({ definitions: restApi, saved });
      const baseUrl = screen.getByRole('textbox', { name: /^Base URL/ });
      await user.type(baseUrl, '/');
      expect(notice()).toBeInTheDocument();
      await user.type(baseUrl, '{Backspace}');
      expect(notice()).not.toBeInTheDocument();
      expect(within(screen.getByRole('group', { name: 'API token' })).getByText('Saved, unchanged')).toBeInTheDocument();
      await user.type(screen.getByRole('textbox', { name: /^Endpoints/ }), '{Enter}orders');
      expect(notice()).not.toBeInTheDocument();
    });

    it('names every moved address and every saved secret, and says nothing without a saved secret or when the secret is cleared on purpose', async () => {
      const postgres = [
        definition('host', 'STRING', { displayName: 'Host' }),
        definition('port', 'NUMBER', { displayName: 'Port' }),
        definition('password', 'PASSWORD', { displayName: 'Password' }),
        definition('ssl_key', 'PASSWORD', { displayName: 'SSL key' }),
      ];
      const first = renderForm({ definitions: postgres, saved: { host: 'db', port: 5432, password: MASKED_SECRET, ssl_key: MASKED_SECRET } });
      await first.user.type(screen.getByRole('textbox', { name: 'Host' }), '2');
      await first.user.type(await screen.findByRole('textbox', { name: 'Port' }), '1');
      expect(screen.getByText('Changing Host and Port clears the saved Password and SSL key; enter them again.')).toBeInTheDocument();
      first.unmount();

      // A secret the user clears on purpose is not news.
      const cleared = renderForm({ definitions: postgres, saved: { host: 'db', port: 5432, password: MASKED_SECRET, ssl_key: MASKED_SECRET } });
      await cleared.user.click(screen.getByRole('button', { name: 'Clear Password' }));
      await cleared.user.type(screen.getByRole('textbox', { name: 'Host' }), '2');
      expect(screen.getByText('Changing Host clears the saved SSL key; enter it again.')).toBeInTheDocument();
      cleared.unmount();

      const second = renderForm({ definitions: postgres, saved: { host: 'db', port: 5432 } });
      await second.user.type(screen.getByRole('textbox', { name: 'Host' }), '2');
      expect(screen.queryByText(/clears the saved/)).not.toBeInTheDocument();
    });
  });
});
