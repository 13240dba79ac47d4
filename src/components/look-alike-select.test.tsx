import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createGate } from '@/test/gate';

// The Select's chunk is held back until the test lets it through, to see the look-alike before it comes and what
// happens to the user's click or keys when it does. Each test starts without the chunk: modules reset, the mock
// made anew (a hoisted vi.mock's module would stay cached and arrive at once).
let held: { asked: boolean; gate: ReturnType<typeof createGate> };

beforeEach(() => {
  vi.resetModules();
  const state = { asked: false, gate: createGate() };
  held = state;
  vi.doMock('./select-on-demand', async (importOriginal: () => Promise<unknown>) => {
    state.asked = true;
    await state.gate.opened;
    return importOriginal();
  });
});

afterEach(() => {
  held.gate.open();
});

const FRUITS = [
  { value: 'apple', label: 'Apple' },
  { value: 'pear', label: 'Pear' },
  { value: 'plum', label: 'Plum' },
];

async function renderFruit({ error, searchable = false }: { error?: string; searchable?: boolean } = {}) {
  const { MantineProvider } = await import('@mantine/core');
  const { LookAlikeSelect } = await import('./look-alike-select');
  const chosen: (string | null)[] = [];
  function Form() {
    const [value, setValue] = useState<string | null>('pear');
    return (
      <>
        <button type="button">Before</button>
        <LookAlikeSelect
          label="Fruit"
          description="The one for the pie"
          error={error}
          data={FRUITS}
          value={value}
          allowDeselect={false}
          searchable={searchable}
          onChange={(next) => {
            chosen.push(next);
            setValue(next);
          }}
        />
      </>
    );
  }
  render(
    <MantineProvider env="test">
      <Form />
    </MantineProvider>,
  );
  return { user: userEvent.setup(), chosen };
}

const optionNames = (listbox: HTMLElement) =>
  within(listbox)
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('LookAlikeSelect', () => {
  it('draws a labelled combobox with the chosen label, description and error, and fetches nothing until the user reaches for it', async () => {
    await renderFruit({ error: 'Pick a ripe one' });
    const field = screen.getByRole('combobox', { name: 'Fruit' });
    expect(field).toHaveValue('Pear');
    expect(field).toHaveAccessibleDescription(/The one for the pie/);
    expect(field).toHaveAccessibleDescription(/Pick a ripe one/);
    expect(screen.getByText('Pick a ripe one')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    // A moment later, still nothing asked for.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(held.asked).toBe(false);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('opens on a click once the Select is here, and choosing an option sets the value', async () => {
    const { user, chosen } = await renderFruit();
    await user.click(screen.getByRole('combobox', { name: 'Fruit' }));
    await waitFor(() => {
      expect(held.asked).toBe(true);
    });
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    held.gate.open();
    const listbox = await screen.findByRole('listbox');
    expect(optionNames(listbox)).toEqual(['Apple', 'Pear', 'Plum']);
    await user.click(within(listbox).getByRole('option', { name: 'Plum' }));
    expect(chosen).toEqual(['plum']);
    expect(screen.getByRole('combobox', { name: 'Fruit' })).toHaveValue('Plum');
  });

  it('is reached with Tab, and ArrowDown pressed before the Select came opens it with the focus kept', async () => {
    const { user, chosen } = await renderFruit();
    await user.click(screen.getByRole('button', { name: 'Before' }));
    expect(held.asked).toBe(false);
    await user.tab();
    expect(screen.getByRole('combobox', { name: 'Fruit' })).toHaveFocus();
    await waitFor(() => {
      expect(held.asked).toBe(true);
    });
    await user.keyboard('{ArrowDown}');
    held.gate.open();
    await screen.findByRole('listbox');
    const field = screen.getByRole('combobox', { name: 'Fruit' });
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(chosen).toEqual(['plum']);
    expect(field).toHaveAttribute('aria-expanded', 'false');
    expect(field).toHaveValue('Plum');
    expect(field).toHaveFocus();
  });

  it('keeps text pasted as the field takes the focus, and the Select that comes searches it', async () => {
    await renderFruit({ searchable: true });
    const field = screen.getByRole('combobox', { name: 'Fruit' });
    // One task, as a paste or a browser's autofill does it: the focus's update has not been drawn when the text comes.
    act(() => {
      field.focus();
      fireEvent.change(field, { target: { value: 'Plu' } });
    });
    expect(screen.getByRole('combobox', { name: 'Fruit' })).toHaveValue('Plu');
    held.gate.open();
    const listbox = await screen.findByRole('listbox');
    expect(optionNames(listbox)).toEqual(['Plum']);
    expect(screen.getByRole('combobox', { name: 'Fruit' })).toHaveFocus();
  });
});
