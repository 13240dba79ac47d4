import './shell-frame.css';

// The frame's class names, as shell-frame.css writes them: the shell and its skeleton share them, so the frame does
// not move when the shell replaces the skeleton.
export const frame = {
  header: 'shell-header',
  navbar: 'shell-navbar',
  main: 'shell-main',
  skipLink: 'shell-skip-link',
  burgerPlace: 'shell-burger-place',
  skeletonNavbar: 'shell-skeleton-navbar',
} as const;
