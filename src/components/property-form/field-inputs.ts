// Mantine's number input (react-number-format) and pick list (combobox, popover, scroll area): about 30 KB gzip
// together, fetched only when a form shows a number or a property with choices (lazy-field-inputs.tsx).
export { NumberInput, Select } from '@mantine/core';
