import { TextInput, type TextInputProps } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';

interface UrlSearchFieldProps extends Omit<TextInputProps, 'value' | 'onChange' | 'type'> {
  /** The search in the URL. */
  q: string;
  /** Each keystroke: the rows follow at once. */
  onQueryInput: (q: string) => void;
  /** A moment after typing stops: the URL follows (writing it on every key would flood the history and the router). */
  onCommit: (q: string) => void;
}

/** A list's search field, kept in the URL; back, forward or a shared link change the URL under it, and it follows. */
export function UrlSearchField({ q, onQueryInput, onCommit, ...props }: UrlSearchFieldProps) {
  const [text, setText] = useState(q);
  const [urlQ, setUrlQ] = useState(q);
  if (urlQ !== q) {
    setUrlQ(q);
    setText(q);
  }
  const commit = useDebouncedCallback(onCommit, 300);
  return (
    <TextInput
      {...props}
      type="search"
      value={text}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        onQueryInput(next);
        commit(next);
      }}
    />
  );
}
