import { render } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { useNotifyState } from './browser-notifications';

function NotifyLabel() {
  return <span>{useNotifyState()}</span>;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

it('reads the browser permission once while shown, not again on every render', () => {
  let reads = 0;
  vi.stubGlobal(
    'Notification',
    Object.defineProperty({}, 'permission', {
      get: () => {
        reads += 1;
        return 'granted';
      },
    }),
  );
  const view = render(<NotifyLabel />);
  expect(view.container.textContent).toBe('on');
  for (let i = 0; i < 5; i += 1) view.rerender(<NotifyLabel />);
  expect(view.container.textContent).toBe('on');
  expect(reads).toBe(1);
  view.unmount();
});
