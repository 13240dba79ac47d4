import { render, screen, waitFor } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render';
import { Hint } from './hint';

// Mantine's Tooltip comes in a chunk of its own, when a control that has one is first pointed at or focused.
// The chunk is held back here: the first screen is drawn without it, and once it arrives the tooltip shows
// for the control the pointer is already on, without a second hover.

const gate = vi.hoisted(() => {
  const held: { release?: () => void } = {};
  const opened = new Promise<void>((resolve) => {
    held.release = resolve;
  });
  return {
    asked: false,
    opened,
    open: () => {
      held.release?.();
    },
  };
});

vi.mock('@/components/hint-tooltip', async (importOriginal) => {
  gate.asked = true;
  await gate.opened;
  return importOriginal();
});

afterEach(() => {
  gate.open();
});

describe('Hint', () => {
  it('mounts in one render: nothing it does as the page commits draws it again', () => {
    // A second render inside the commit that mounts a page holds that commit (and the page's first frame) until
    // every effect of the page has run as well.
    const renders = vi.fn();
    render(
      <Profiler id="hint" onRender={renders}>
        <Hint label="What it does">
          <button type="button">Control</button>
        </Hint>
      </Profiler>,
    );
    expect(screen.getByRole('button', { name: 'Control' })).toBeInTheDocument();
    expect(renders).toHaveBeenCalledTimes(1);
  });

  it('fetches the Tooltip on the first hover, not before, and shows the label for the control still pointed at', async () => {
    const { user } = renderApp('/flows');
    const toggle = await screen.findByRole('button', { name: /Switch to (dark|light) theme/ });
    await screen.findByRole('table');
    expect(gate.asked).toBe(false);

    await user.hover(toggle);
    await waitFor(() => {
      expect(gate.asked).toBe(true);
    });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    gate.open();
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent(/^Switch to (dark|light) theme$/);
    expect(toggle).toHaveAccessibleDescription(/^Switch to (dark|light) theme$/);

    await user.unhover(toggle);
    await waitFor(() => {
      expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    });
    expect(toggle).not.toHaveAccessibleDescription();
  });

  it('shows a focus tooltip on the first keyboard focus, describes the control, and hides it on Escape and blur', async () => {
    const { user } = renderApp('/flows');
    await screen.findByRole('table');
    // A flow's schedule (cron or frequency) tells its next runs on focus.
    const schedule = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('main [tabindex="0"] code');
      if (!found?.parentElement) throw new Error('no schedule with next runs yet');
      return found.parentElement;
    });
    schedule.focus();
    const tooltip = await screen.findByRole('tooltip');
    // A cron's times come with the scheduler's library, asked for by the same focus.
    await waitFor(() => {
      expect(tooltip).toHaveTextContent(/Next runs?/i);
    });
    expect(schedule).toHaveFocus();
    expect(schedule).toHaveAccessibleDescription(/Next runs?/i);
    await user.keyboard('{Escape}');
    await waitFor(() => {
      expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    });
    schedule.blur();
    schedule.focus();
    expect(await screen.findByRole('tooltip')).toBeInTheDocument();
    schedule.blur();
    await waitFor(() => {
      expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    });
  });
});
