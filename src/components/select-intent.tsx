import { useMergedRef } from '@mantine/hooks';
import { type FocusEvent, type KeyboardEvent, type Ref, useEffect, useRef, useState } from 'react';
import { onDemand, useOnDemand } from '@/lib/on-demand';

const selects = onDemand(() => import('./select-on-demand'));

function loadSelects() {
  // A failed fetch is forgotten by onDemand: the next intent tries again.
  selects.load().catch(() => undefined);
}

// The keys that open Mantine's combobox, by code (as Mantine reads them), with the key each gives.
const KEYS: Record<string, string> = { ArrowDown: 'ArrowDown', ArrowUp: 'ArrowUp', Enter: 'Enter', Space: ' ' };

/**
 * The props every look-alike draws as its real control would (label, texts, state, width) or hands to it: a prop
 * a look-alike ignored would make the field move or change when the control replaces it.
 */
export type LookAlikeFieldProp =
  'label' | 'description' | 'error' | 'placeholder' | 'required' | 'disabled' | 'searchable' | 'nothingFoundMessage' | 'w' | 'onBlur' | 'ref';

/** What the user did to a look-alike before the real control came: it has the focus, was clicked or keyed to open, was typed in. */
export interface Intent {
  /** A click, or the key (its `code`, which Mantine reads) that asked it to open; null for a focus alone. */
  opener: string | null;
  /** The look-alike's text once typed in (a searchable field); null while untouched. */
  typed: string | null;
}

/**
 * The intent rule shared by every look-alike pick field: a focus, a press or a touch fetches the chunk (not a
 * mere hover: the field would be swapped under a pointer on its way to click it); a click, or the keys that open
 * Mantine's control of that kind, are remembered, as is what was typed.
 * `selects` is null until the chunk is here, then Mantine's controls for every field in the same render.
 */
export function useSelectIntent({ searchable = false, onBlur }: { searchable?: boolean; onBlur?: (event: FocusEvent<HTMLInputElement>) => void }) {
  const module = useOnDemand(selects, false);
  const [intent, setIntent] = useState<Intent | null>(null);
  const open = (opener: string) => {
    loadSelects();
    setIntent((previous) => ({ opener, typed: previous?.typed ?? null }));
  };
  // As Mantine's: a searchable field (an input) opens with the arrows and takes Space and Enter as typing and
  // submitting; a plain one (a button) opens with Enter and Space too.
  const opensWith = searchable ? ['ArrowDown', 'ArrowUp'] : Object.keys(KEYS);
  const lookAlikeProps = {
    role: 'combobox',
    'aria-haspopup': 'listbox',
    'aria-expanded': false,
    autoComplete: 'off',
    readOnly: !searchable,
    onTouchStart: loadSelects,
    onMouseDown: () => {
      open('click');
    },
    onFocus: () => {
      loadSelects();
      // A click focuses after its mousedown asked to open: keep that.
      setIntent((previous) => previous ?? { opener: null, typed: null });
    },
    onBlur: (event: FocusEvent<HTMLInputElement>) => {
      setIntent(null);
      onBlur?.(event);
    },
    onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
      if (!opensWith.includes(event.code)) return;
      event.preventDefault();
      open(event.code);
    },
    onChange: (event: { currentTarget: HTMLInputElement }) => {
      // Read now: the updater may run after the event (behind the focus's update, when text is pasted as the field
      // takes the focus), and React's event has no currentTarget then.
      const typed = event.currentTarget.value;
      setIntent((previous) => ({ opener: previous?.opener ?? null, typed }));
    },
  } as const;
  /** What a clear button does to the search, as Mantine's does: what was typed goes with the values. */
  const clearTyped = () => {
    setIntent((previous) => previous && { ...previous, typed: null });
  };
  return { selects: module, intent, lookAlikeProps, clearTyped };
}

/**
 * For the real control drawn in a look-alike's place (call it where that control mounts): the ref it returns
 * takes the focus the look-alike had, and the click or key and the text the user gave the look-alike are given
 * again to it, so it opens (with the option Mantine would mark) as if the user had reached it, and their next
 * key lands where they are.
 */
export function useTakeOver(intent: Intent | null, ref: Ref<HTMLInputElement> | undefined) {
  const input = useRef<HTMLInputElement>(null);
  // Only as it arrives; later changes of the look-alike's state are not the real control's.
  const arrival = useRef(intent);
  useEffect(() => {
    const element = input.current;
    const at = arrival.current;
    if (!element || !at) return;
    element.focus();
    if (at.opener === 'click') element.click();
    else if (at.opener !== null) element.dispatchEvent(new KeyboardEvent('keydown', { code: at.opener, key: KEYS[at.opener], bubbles: true }));
    if (at.typed !== null) typeInto(element, at.typed);
  }, []);
  // The call site's own ref (react-hook-form's, to focus a field with an error) keeps the element too.
  return useMergedRef(ref, input);
}

/** As if typed: React's onChange (Mantine's search) hears a native input event, not a value set by hand. */
function typeInto(element: HTMLInputElement, text: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(element, text);
  element.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Mantine's combobox chevron at size sm (its Combobox.css): the same size and colours, so nothing changes when the real control arrives. */
const CHEVRON_SIZE = 'calc(1.125rem * var(--mantine-scale))';
const CHEVRON_COLOUR = 'light-dark(var(--mantine-color-gray-6), var(--mantine-color-dark-3))';

/**
 * Mantine's combobox chevron, drawn here so a look-alike needs nothing from the Combobox chunk. Styled inline: a
 * CSS module would be one more stylesheet for every page with a pick field to wait for.
 */
export function Chevron({ error = false }: { error?: boolean }) {
  return (
    <svg
      viewBox="0 0 15 15"
      fill="none"
      aria-hidden
      style={{ width: CHEVRON_SIZE, height: CHEVRON_SIZE, color: error ? 'var(--mantine-color-error)' : CHEVRON_COLOUR }}
    >
      <path
        d="M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z"
        fill="currentColor"
        fillRule="evenodd"
        clipRule="evenodd"
      />
    </svg>
  );
}
