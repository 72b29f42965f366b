// The small-screen menus (public header, signed-in sidebar): while open, focus is in the panel, Tab
// cycles through the panel and its toggle button, Escape closes it and gives focus back to the toggle.
import { useEffect, useRef, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex="0"]';

export function useMenuPanel(
  open: boolean,
  close: () => void,
  panel: RefObject<HTMLElement | null>,
  toggle: RefObject<HTMLElement | null>,
): void {
  const closeRef = useRef(close);
  useEffect(() => {
    closeRef.current = close;
  });
  useEffect(() => {
    const box = panel.current;
    if (!open || !box) return;
    const items = () => [toggle.current, ...box.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(Boolean);
    items()[1]?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        closeRef.current();
        toggle.current?.focus();
      } else if (event.key === 'Tab') {
        const list = items() as HTMLElement[];
        const at = list.indexOf(document.activeElement as HTMLElement);
        const next = (at + (event.shiftKey ? -1 : 1) + list.length) % list.length;
        event.preventDefault();
        list[next]?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, panel, toggle]);
}
