// The frame's class names, as shell-frame.css writes them: global, so the page the build draws ahead of the
// dashboard's code (src/prepaint.tsx) carries the same ones. The stylesheet itself is linked by the entry
// (main.tsx), so it is in the page's first stylesheet; the build renders this module in Node, where no CSS loads.

export const frame = {
  header: 'shell-header',
  navbar: 'shell-navbar',
  main: 'shell-main',
  skipLink: 'shell-skip-link',
  burgerPlace: 'shell-burger-place',
  skeletonNavbar: 'shell-skeleton-navbar',
} as const;
