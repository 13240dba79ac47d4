// Mantine's date inputs with their styles, fetched only when a form shows a date, date-time or time
// property (lazy-date-inputs.tsx): most connector specs have none.
import '@mantine/dates/styles.css';

export { DateInput, DateTimePicker, TimeInput } from '@mantine/dates';
