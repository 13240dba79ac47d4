import { MantineProvider, Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { SignInFrame, SignInHeading } from '@/features/auth/sign-in-frame';
import { ShellSkeleton } from '@/features/shell/shell-skeleton';
import { PAGE_INTROS, pageIntroAt } from '@/lib/page-intros';
import { cssVariablesResolver, theme } from '@/lib/theme';

/**
 * What the service sends for each address, drawn by the build (vite.config.ts) into index.html's root before any
 * of the dashboard's code has run: a phone paints the signed-in frame, and a section's heading, as soon as the
 * page and its stylesheet are in. React replaces it with the same frame when its first screen is ready.
 *
 * The service reads the manifest (server/http/static-assets.ts): a section's own page or the sign-in card, the
 * frame alone for any other address inside the shell, and the bare index.html for the others outside it (a card).
 */
export interface PrepaintManifest {
  /** Path → the file drawn for it. */
  pages: Record<string, string>;
  /** Every other path inside the shell. */
  shell: string;
  /** Paths (exact, or prefixes ending in /) that are not inside the shell: they get the bare index.html unless
   * `pages` names one for them. */
  outsideShell: string[];
}

/** The routes beside the signed-in shell (src/routes: sign-in.tsx, cards.$hashId.tsx). */
export const OUTSIDE_SHELL = ['/sign-in', '/cards/'];

const drawn = (page: ReactNode) =>
  renderToStaticMarkup(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
      {page}
    </MantineProvider>,
  );

/** The sign-in card with its heading, and placeholders where the fields will be: nothing to type into yet. */
function SignInPlaceholder() {
  return (
    <SignInFrame>
      <Stack role="status" aria-label="Loading" aria-busy="true">
        <SignInHeading />
        {/* The API key, Remember, Advanced and Sign in, each of its height: the card does not move when they come. */}
        <Skeleton height={59} radius="sm" />
        <Skeleton height={20} width="60%" radius="sm" />
        <Skeleton height={52} width="30%" radius="sm" />
        <Skeleton height={36} radius="sm" />
      </Stack>
    </SignInFrame>
  );
}

/** The boot and the app it imports, which every page runs (the sign-in page is part of the app). */
const BOOT = ['src/start.tsx', 'src/app.tsx'];
/** The signed-in layout's route. */
const SHELL_ROUTE = 'src/routes/_app.tsx';
/** A section's list page's route (src/routes/_app/index.tsx is the overview's). */
const sectionRoute = (path: string) => `src/routes/_app${path === '/' ? '' : path}/index.tsx`;

/**
 * Each prepainted page's file name, the markup that goes into its root, and the modules whose code it needs first
 * (the build lists their chunks in the page: scripts/after-paint-modules.ts).
 */
export function prepaintPages() {
  const sections = Object.keys(PAGE_INTROS).map((path) => ({
    path,
    fileName: `prepaint/${path === '/' ? 'overview' : path.slice(1)}.html`,
    markup: drawn(<ShellSkeleton intro={pageIntroAt(path)} />),
    firstModules: [...BOOT, SHELL_ROUTE, sectionRoute(path)],
  }));
  const signIn = { path: '/sign-in', fileName: 'prepaint/sign-in.html', markup: drawn(<SignInPlaceholder />), firstModules: BOOT };
  const shell = { fileName: 'prepaint/shell.html', markup: drawn(<ShellSkeleton />), firstModules: [...BOOT, SHELL_ROUTE] };
  const manifest: PrepaintManifest = {
    pages: Object.fromEntries([...sections, signIn].map(({ path, fileName }) => [path, fileName])),
    shell: shell.fileName,
    outsideShell: OUTSIDE_SHELL,
  };
  return { files: [...sections, signIn, shell], manifest };
}
