import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { memo, useEffect, useRef } from 'react';

interface FlowsSearchFieldProps {
  /** The search in the URL. */
  q: string;
  /** Each keystroke: the rows follow at once. */
  onQueryInput: (q: string) => void;
  /** A moment after typing stops: the URL follows (writing it on every key would flood the history and the router). */
  onCommit: (q: string) => void;
}

/**
 * The flows list's search field, kept in the URL. The field holds its own text (the browser's input, not React
 * state), so a keystroke draws the rows it filters and not the field; when the URL changes under it (back,
 * forward, Clear filters, a shared link) it follows.
 */
export const FlowsSearchField = memo(function FlowsSearchField({ q, onQueryInput, onCommit }: FlowsSearchFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  // The last text this field wrote to the URL: the URL catching up with it is no change from elsewhere.
  const committed = useRef(q);
  const commit = useDebouncedCallback((text: string) => {
    committed.current = text;
    onCommit(text);
  }, 300);
  useEffect(() => {
    const field = input.current;
    if (q === committed.current || !field) return;
    committed.current = q;
    field.value = q;
  }, [q]);
  return (
    <TextInput
      ref={input}
      label="Search"
      placeholder="Name, id, source, destination"
      type="search"
      defaultValue={q}
      onChange={(event) => {
        const text = event.currentTarget.value;
        onQueryInput(text);
        commit(text);
      }}
      w={280}
    />
  );
});
