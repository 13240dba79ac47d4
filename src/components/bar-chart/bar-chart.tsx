// Only ever imported through lazy-bar-chart.tsx: the charts library (recharts and its d3 parts) is larger than
// a whole page, so it and its styles come in their own chunk.
import '@mantine/charts/styles.css';

export { BarChart } from '@mantine/charts';
