import { Button, Tooltip } from '@mantine/core';
import { disableNotifications, enableNotifications, type NotifyState, useNotifyState } from '@/lib/browser-notifications';

const WORDS: Record<Exclude<NotifyState, 'unsupported'>, { label: string; hint: string }> = {
  ask: {
    label: 'Notify me when runs finish',
    hint: 'Asks your browser once; then a notification tells you when a run you started or are watching ends, and when a link you shared is filled in.',
  },
  on: {
    label: 'Run notifications on',
    hint: 'You are told when a run you started or are watching ends, and when a shared link is filled in. Click to turn them off.',
  },
  off: { label: 'Run notifications off', hint: 'Click to be told when a run you started or are watching ends.' },
  blocked: { label: 'Run notifications blocked', hint: "Your browser blocks this site's notifications: allow them in its site settings." },
};

/**
 * Asks the browser for permission once, then turns run notifications on or off. In the header on wide screens;
 * in the navigation menu on narrow ones, where the header has no room left.
 */
export function NotifyControl({ placement }: { placement: 'header' | 'navbar' }) {
  const state = useNotifyState();
  if (state === 'unsupported') return null;
  const { label, hint } = WORDS[state];
  const onClick = () => {
    if (state === 'on') disableNotifications();
    else if (state !== 'blocked') void enableNotifications();
  };
  const pressed = state === 'blocked' ? undefined : state === 'on';
  return (
    <Tooltip label={hint} multiline w={260}>
      <Button
        variant={placement === 'header' ? 'default' : 'subtle'}
        size="compact-sm"
        h={28}
        visibleFrom={placement === 'header' ? 'md' : undefined}
        hiddenFrom={placement === 'navbar' ? 'md' : undefined}
        justify={placement === 'navbar' ? 'flex-start' : undefined}
        onClick={onClick}
        aria-pressed={pressed}
        disabled={state === 'blocked'}
      >
        {label}
      </Button>
    </Tooltip>
  );
}
