// Mantine's MultiSelect (its pills and pills input, about 5 KB gzip beyond the Select the form already has): it
// draws each step's "Waits for", so it comes in its own chunk, asked for as the form mounts.
export { MultiSelect } from '@mantine/core';
