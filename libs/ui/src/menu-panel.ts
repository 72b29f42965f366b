// The small-screen menus (public header, signed-in sidebar): while open, focus is in the panel, Tab
// cycles through what the panel shows and its toggle button, Escape closes it and gives focus back to the
// toggle. The one focus trap (./focus-trap) decides what is shown: a link in a closed sub-list is skipped.
import type { RefObject } from 'react';
import { tabbable } from 'tabbable';
import { useFocusTrap } from './focus-trap';

export function useMenuPanel(
  open: boolean,
  close: () => void,
  panel: RefObject<HTMLElement | null>,
  toggle: RefObject<HTMLElement | null>,
): void {
  useFocusTrap(open, {
    containers: [toggle, panel],
    initialFocus: () => (panel.current ? tabbable(panel.current)[0] : undefined) ?? toggle.current,
    onEscape: () => {
      close();
      toggle.current?.focus();
    },
    // A link followed from the menu or a new page closes it too: focus is the page's to move then.
    returnFocus: false,
  });
}

/** useMenuPanel as an element, for a header that loads the trap after its first paint: render it while open. */
export function MenuPanelTrap({
  close,
  panel,
  toggle,
}: {
  close: () => void;
  panel: RefObject<HTMLElement | null>;
  toggle: RefObject<HTMLElement | null>;
}): null {
  useMenuPanel(true, close, panel, toggle);
  return null;
}
