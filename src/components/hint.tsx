import type { TooltipProps } from '@mantine/core';
import { cloneElement, type FocusEvent, type MouseEvent, type PointerEvent, type ReactElement, useEffect, useId, useState } from 'react';
import { onDemand, useOnDemand } from '@/lib/on-demand';

const tooltipModule = onDemand(() => import('./hint-tooltip'));

// Mantine's default: a mouse or pen hover opens it, a focus or a touch does not. A call site's `events` replaces it
// whole, as in Mantine.
const MANTINE_EVENTS = { hover: true, focus: false, touch: false };

interface ChildProps {
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onMouseLeave?: (event: MouseEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
}

type HintProps = Omit<TooltipProps, 'children' | 'defaultOpened' | 'opened' | 'target'> & { children: ReactElement<ChildProps> };

/**
 * Mantine's Tooltip with the same props, fetched when first wanted: Tooltip was the only user of floating-ui on
 * the first screen (about 15 KB gzip), and most visits never point at a control long enough to see one.
 *
 * The child is drawn as is and never drawn anew (a remount would lose a click under way, the focus, and any
 * reference to the element). The hint opens and closes it as Mantine's Tooltip would: a mouse or pen hover
 * (after `openDelay`), a focus or a touch where `events` asks, closed on leave, blur and Escape. The first such
 * moment fetches Mantine's Tooltip, which then draws the tooltip for that element (its `target`), open at once
 * if the pointer or focus is still there: no second hover. While open, the element is described by the label
 * (`aria-describedby`), as Mantine's Tooltip does it.
 */
export function Hint({ children, ...props }: HintProps) {
  const events = props.events ?? MANTINE_EVENTS;
  const [wanted, setWanted] = useState(false);
  // Pointed at: 'waiting' for the call site's openDelay, then 'yes'.
  const [hovered, setHovered] = useState<'no' | 'waiting' | 'yes'>('no');
  const [focused, setFocused] = useState(false);
  const [escaped, setEscaped] = useState(false);
  // The element the tooltip points at, taken when the hint is wanted. Not by a ref callback: setting state as the
  // element mounts draws every hint again within the commit that mounts it, which then cannot end (nor the page's
  // first frame come) before all the page's effects have run as well.
  const [element, setElement] = useState<HTMLElement | null>(null);
  const Tooltip = useOnDemand(tooltipModule, wanted)?.Tooltip;
  const labelId = useId();
  const own = children.props;

  const open = !props.disabled && !escaped && ((hovered === 'yes' && events.hover) || (focused && events.focus));
  useEffect(() => {
    if (hovered !== 'waiting') return;
    const timer = window.setTimeout(() => {
      setHovered('yes');
    }, props.openDelay);
    return () => {
      window.clearTimeout(timer);
    };
  }, [hovered, props.openDelay]);
  // Escape anywhere closes it, as Mantine's (floating-ui's dismiss) does.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') setEscaped(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const shown = open && Tooltip !== undefined && element !== null;
  return (
    <>
      {cloneElement(children, {
        'aria-describedby': shown ? labelId : undefined,
        onPointerEnter: (event: PointerEvent<HTMLElement>) => {
          own.onPointerEnter?.(event);
          // A touch opens it only where the call site asks (events.touch), as Mantine's mouse-only hover does.
          if (!events.hover || (event.pointerType === 'touch' && !events.touch)) return;
          setElement(event.currentTarget);
          setWanted(true);
          setEscaped(false);
          setHovered(props.openDelay ? 'waiting' : 'yes');
        },
        onPointerLeave: (event: PointerEvent<HTMLElement>) => {
          own.onPointerLeave?.(event);
          // A finger leaves as it lifts; like Mantine's, a touch's tooltip stays until the (emulated) mouse leaves.
          if (event.pointerType !== 'touch') setHovered('no');
        },
        onMouseLeave: (event: MouseEvent<HTMLElement>) => {
          own.onMouseLeave?.(event);
          setHovered('no');
        },
        onFocus: (event: FocusEvent<HTMLElement>) => {
          own.onFocus?.(event);
          setFocused(true);
          setEscaped(false);
          if (!events.focus) return;
          setElement(event.currentTarget);
          setWanted(true);
        },
        onBlur: (event: FocusEvent<HTMLElement>) => {
          own.onBlur?.(event);
          if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
        },
      } as Partial<ChildProps> & { 'aria-describedby'?: string })}
      {Tooltip && element && <Tooltip {...props} target={element} opened={shown} label={<span id={labelId}>{props.label}</span>} />}
    </>
  );
}
