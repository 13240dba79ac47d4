// Mantine's Tooltip and the floating-ui it positions with (about 15 KB gzip): a chunk of their own, fetched by
// `Hint` when the user first points at or focuses a control that has one, never with a first screen.
export { Tooltip } from '@mantine/core';
