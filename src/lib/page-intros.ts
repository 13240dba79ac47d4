/**
 * The heading of each section's list page. The page draws it, and so does its skeleton while the page's code and
 * data arrive, so the heading does not move. A description that depends on data (a count) is left out here: the
 * page draws it once the data is in.
 */
export interface PageIntro {
  title: string;
  description?: string;
}

export const PAGE_INTROS = {
  '/': {
    title: 'Overview',
    description: 'What runs now, live, what failed last, and whether each flow’s data is as fresh as its schedule promises.',
  },
  '/flows': { title: 'Flows', description: 'A source, a destination and a schedule each.' },
  '/runs': { title: 'Runs', description: 'Every flow attempt and workflow run, newest first: filter by status, trigger, what ran and when.' },
  '/workflows': { title: 'Workflows' },
  '/sources': {
    title: 'Sources',
    description: 'Connections to the systems your data comes from. A connector’s lifecycle says how mature it is: alpha, beta, stable or deprecated.',
  },
  '/destinations': {
    title: 'Destinations',
    description: 'The stores your data is loaded into. A connector’s lifecycle says how mature it is: alpha, beta, stable or deprecated.',
  },
  '/alerts': { title: 'Alerts', description: 'Channels that are told when a run fails, when a flow recovers and when a flow is late.' },
  '/shared-links': { title: 'Shared links', description: 'Every configuration link sent to someone outside, across sources.' },
  '/users': { title: 'People', description: 'Who may sign in, and what each may do: viewers read, operators run, editors change, admins manage.' },
  '/keys': { title: 'API keys', description: 'Keys for scripts and services: each has a role no higher than its maker’s. Only a key’s hash is kept.' },
  '/audit': { title: 'Audit log', description: 'Who changed what, and when: every change, sign-in and failed sign-in, newest first.' },
  '/settings': { title: 'Settings', description: 'The public address links use, the team a link’s recipient sees, and where links may send them back to.' },
} as const satisfies Record<string, PageIntro>;

export type IntroPath = keyof typeof PAGE_INTROS;

/** The intro of the page at this path, if it is a section's list page. */
export function pageIntroAt(path: string): PageIntro | undefined {
  return Object.hasOwn(PAGE_INTROS, path) ? PAGE_INTROS[path as IntroPath] : undefined;
}
