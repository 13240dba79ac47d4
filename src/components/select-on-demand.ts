// Mantine's Select and MultiSelect with what they bring (Combobox, Popover, floating-ui, ScrollArea): a chunk of
// their own, fetched when the user first reaches for a pick field (select-intent.tsx), never with a page. The two
// share almost everything, so one request serves both.
export { MultiSelect, Select } from '@mantine/core';
