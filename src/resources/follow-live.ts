import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

/**
 * A list that follows a live view without polling itself: it is read again when `signature` (what the
 * live view says of it: the newest run's id and state) changes, not on every poll. Undefined: the live view
 * has not answered yet; its first answer is where the list starts from, not a change.
 */
export function useRefetchWhenChanged(signature: string | undefined, queryKey: QueryKey) {
  const client = useQueryClient();
  const previous = useRef(signature);
  // A query key is plain JSON: its text is a dependency that stays the same from one render to the next.
  const key = JSON.stringify(queryKey);
  useEffect(() => {
    if (signature === undefined || previous.current === signature) return;
    const first = previous.current === undefined;
    previous.current = signature;
    if (first) return;
    void client.invalidateQueries({ queryKey: JSON.parse(key) as QueryKey });
  }, [client, key, signature]);
}
