import { ActionIcon, Badge, Box, Burger, Button, em, Group, NavLink, Text, Tooltip, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import type { Caller } from '@/api/team';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, useLocation } from '@tanstack/react-router';
import { useEffect } from 'react';
import { TimeZoneSwitch } from '@/components/time-zone-switch';
import { followRuns } from '@/resources/follow-runs';
import { AccountMenu, AccountSummary } from './account-menu';
import { CardNotifier } from './card-notifier';
import { DatabaseBanner } from './database-banner';
import { NotifyControl } from './notify-control';
import { RunNotifier } from './run-notifier';
import { RunningTitle } from './running-title';
import { frame } from './shell-frame';

const sections = [
  { to: '/', label: 'Overview', exact: true },
  { to: '/flows', label: 'Flows', exact: false },
  { to: '/workflows', label: 'Workflows', exact: false },
  { to: '/runs', label: 'Runs', exact: false },
  { to: '/sources', label: 'Sources', exact: false },
  { to: '/destinations', label: 'Destinations', exact: false },
  { to: '/alerts', label: 'Alerts', exact: false },
  { to: '/shared-links', label: 'Shared links', exact: false },
  { to: '/audit', label: 'Audit log', exact: false },
  { to: '/settings', label: 'Settings', exact: false },
] as const;

/** Only admins manage people and keys: the others' navigation does not list them (their pages say why). */
const adminSections = [
  { to: '/users', label: 'People', exact: false },
  { to: '/keys', label: 'API keys', exact: false },
] as const;

/** The navigation's id, for the burger that opens it on a phone. */
const NAV_ID = 'sections-navigation';
/** Where "Skip to content" takes the keyboard. */
const MAIN_ID = 'main-content';

/** The first Tab of every page: past the header and the navigation to the page itself. */
function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      className={frame.skipLink}
      onClick={(event) => {
        // Focus moves without a change of address (the router would read the hash as a navigation).
        event.preventDefault();
        document.getElementById(MAIN_ID)?.focus();
      }}
    >
      Skip to content
    </a>
  );
}

function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  const next = scheme === 'dark' ? 'light' : 'dark';
  return (
    <Tooltip label={`Switch to ${next} theme`}>
      <ActionIcon
        variant="default"
        size={28}
        aria-label={`Switch to ${next} theme`}
        onClick={() => {
          setColorScheme(next);
        }}
      >
        <span aria-hidden>{scheme === 'dark' ? '☀' : '☾'}</span>
      </ActionIcon>
    </Tooltip>
  );
}

interface AppLayoutProps {
  /** `everywhere`: end every session of this person, not only this browser's. */
  onSignOut: (everywhere: boolean) => void;
  /** Who is signed in; null on a service without roles (the hosted one). */
  caller: Caller | null;
  demo?: boolean;
}

export function AppLayout({ onSignOut, caller, demo = false }: AppLayoutProps) {
  const [navOpen, { toggle, close }] = useDisclosure(false);
  // The path alone: a page writing its search to the URL (the flows list, on every keystroke) does not draw the shell again.
  const pathname = useLocation({ select: (location) => location.pathname });
  // Below the navigation's breakpoint Sign out moves to the end of the navigation: in the header it ran past a 390 px screen.
  const wide = useMediaQuery(`(min-width: ${em(768)})`, true, { getInitialValueInEffect: false });
  const client = useQueryClient();
  // Every page signed in: a run that starts or ends refreshes whatever shows it.
  useEffect(() => followRuns(client), [client]);

  return (
    <>
      <SkipLink />
      {/* react-remove-scroll's class (Mantine's modals lock the page's scroll with it): a fixed header keeps its place
          when the scroll bar goes, as AppShell's did. */}
      <header className={`${frame.header} right-scroll-bar-position`}>
        {/* One line down to a 390 px phone: compact controls, nothing wraps under the fixed-height header. */}
        <Group w="100%" justify="space-between" wrap="nowrap">
          <Group gap={6} wrap="nowrap">
            <Burger opened={navOpen} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" aria-controls={NAV_ID} aria-expanded={navOpen} />
            <Text fw={700} size="lg" component={Link} to="/">
              Flowdeck
            </Text>
            {demo && (
              <Tooltip label="No service behind this build: the data is simulated in your browser and resets on reload.">
                <Badge color="orange" variant="light" miw="max-content">
                  {/* "Demo" on a phone, where the header has no room to spare. */}
                  <Box component="span" hiddenFrom="xs">
                    Demo
                  </Box>
                  <Box component="span" visibleFrom="xs">
                    Demo data
                  </Box>
                </Badge>
              </Tooltip>
            )}
          </Group>
          <Group gap={6} wrap="nowrap">
            <NotifyControl placement="header" />
            <TimeZoneSwitch />
            <ColorSchemeToggle />
            {wide && caller && (
              <AccountMenu
                caller={caller}
                onSignOutEverywhere={() => {
                  onSignOut(true);
                }}
              />
            )}
            {wide && (
              <Button
                variant="default"
                size="compact-sm"
                h={28}
                onClick={() => {
                  onSignOut(false);
                }}
              >
                Sign out
              </Button>
            )}
          </Group>
        </Group>
      </header>
      <nav id={NAV_ID} className={frame.navbar} data-open={navOpen || undefined} aria-label="Sections">
        {[...sections, ...(caller?.role === 'admin' ? adminSections : [])].map((section) => (
          <NavLink
            key={section.to}
            component={Link}
            to={section.to}
            label={section.label}
            onClick={close}
            active={section.exact ? pathname === section.to : pathname === section.to || pathname.startsWith(`${section.to}/`)}
          />
        ))}
        <NotifyControl placement="navbar" />
        {!wide && caller && <AccountSummary caller={caller} />}
        {!wide && (
          <Button
            variant="default"
            mt="md"
            onClick={() => {
              onSignOut(false);
            }}
          >
            Sign out
          </Button>
        )}
        {!wide && caller?.type === 'user' && (
          <Button
            variant="subtle"
            mt="xs"
            onClick={() => {
              onSignOut(true);
            }}
          >
            Sign out everywhere
          </Button>
        )}
      </nav>
      <main className={frame.main} id={MAIN_ID} tabIndex={-1}>
        <DatabaseBanner />
        <RunNotifier />
        <CardNotifier />
        <RunningTitle />
        <Outlet />
      </main>
    </>
  );
}
