import { createContext, type CSSProperties, type ReactNode, use } from 'react';
import { type DateFormat, dateFormat } from '@/lib/format';
import classes from './flows-list.module.css';
import { serviceNow } from '@/api/service-clock';

// What the flows list's cells share: a badge drawn as one element, and the clock and date format every row's
// "5 min ago" reads (one timer and one zone subscription for the list, not one per row).

export interface FlowsClock {
  now: number;
  format: DateFormat;
}

export const FlowsClockContext = createContext<FlowsClock>({ now: serviceNow(), format: dateFormat('local') });

export const useFlowsClock = () => use(FlowsClockContext);

type BadgeVariant = 'light' | 'outline' | 'filled';

function badgeColors(color: string, variant: BadgeVariant, darkText: boolean): CSSProperties {
  switch (variant) {
    case 'light':
      return { '--badge-bg': `var(--mantine-color-${color}-light)`, '--badge-color': `var(--mantine-color-${color}-light-color)` } as CSSProperties;
    case 'outline':
      return {
        '--badge-bg': 'transparent',
        '--badge-color': `var(--mantine-color-${color}-outline)`,
        '--badge-bd': `var(--mantine-color-${color}-outline)`,
      } as CSSProperties;
    case 'filled':
      return {
        '--badge-bg': `var(--mantine-color-${color}-filled)`,
        '--badge-color': darkText ? 'var(--mantine-color-black)' : 'var(--mantine-color-white)',
      } as CSSProperties;
  }
}

/** Mantine's Badge (size sm) as one span; `darkText` for a filled light colour (yellow), as autoContrast would. */
export function CellBadge({
  color,
  variant,
  darkText = false,
  title,
  children,
}: {
  color: string;
  variant: BadgeVariant;
  darkText?: boolean;
  title?: string | undefined;
  children: ReactNode;
}) {
  return (
    <span className={classes.badge} style={badgeColors(color, variant, darkText)} title={title}>
      {children}
    </span>
  );
}
