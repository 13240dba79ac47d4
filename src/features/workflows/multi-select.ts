// Mantine's MultiSelect (about 5 KB gzip beyond the Select the form has already): it draws a step's "Waits for",
// so a new workflow fetches it with its first step, not with the page.
export { MultiSelect } from '@mantine/core';
