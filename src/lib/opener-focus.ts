import { useCallback, useRef } from 'react';

/**
 * For a drawer or dialog opened through the URL: remembers the control that had the focus when it opened, and
 * gives the focus back to it once closed. A list drawn again meanwhile (a poll, the navigation itself) has
 * replaced that control with a copy, found by `selector`; focus never falls to the page's body.
 */
export function useOpenerFocus(): { remember: (selector: string | null) => void; restore: () => void } {
  const opener = useRef<{ element: HTMLElement | null; selector: string | null } | null>(null);
  const remember = useCallback((selector: string | null) => {
    const active = document.activeElement;
    opener.current = { element: active instanceof HTMLElement && active !== document.body ? active : null, selector };
  }, []);
  const restore = useCallback(() => {
    const saved = opener.current;
    opener.current = null;
    if (!saved) return;
    // After the drawer has let go of the focus (its close runs in the same task).
    setTimeout(() => {
      const stillThere = saved.element?.isConnected ? saved.element : null;
      const copy = saved.selector ? document.querySelector<HTMLElement>(saved.selector) : null;
      (stillThere ?? copy)?.focus();
    }, 0);
  }, []);
  return { remember, restore };
}
