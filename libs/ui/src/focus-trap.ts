// The one focus trap of the front end, for every dialog, menu panel and chat panel: focus-trap (with
// tabbable under it) decides what can take focus, by what is really shown: a link in a hidden list, a
// control under `display: none` or `visibility: hidden`, an inert subtree are never in the Tab order.
import { useEffect, useRef, type RefObject } from 'react';
import { createFocusTrap, type FocusTrapTabbableOptions } from 'focus-trap';

export interface FocusTrapOptions {
  /**
   * Where Tab stays, in Tab order: each element counts with what it holds, and itself when it can take
   * focus (a menu's toggle button, given beside its panel, is part of the cycle).
   */
  containers: ReadonlyArray<RefObject<HTMLElement | null>>;
  /** Where focus goes when the trap starts; default: where it is, when in the containers, else their first control. */
  initialFocus?: () => HTMLElement | SVGElement | null | undefined;
  /** Escape pressed while the trap is on top: close what the trap is around (the trap ends when `active` goes false). */
  onEscape?: () => void;
  /**
   * Where focus goes when the trap ends: 'previous' (where it was when the trap started, the default), an
   * element of the caller's choosing (none given: 'previous'), or nowhere (the caller moves it).
   */
  returnFocus?: 'previous' | (() => HTMLElement | null | undefined) | false;
}

// tabbable's option; focus-trap hands its tabbableOptions to tabbable as they are.
const TABBABLE_OPTIONS = { includeContainer: true } as FocusTrapTabbableOptions;

/**
 * While `active` (truthy), Tab and Shift+Tab cycle through what the containers show and Escape calls
 * `onEscape`. Another truthy value (a chat's other panel) starts the trap anew around the containers then given.
 */
export function useFocusTrap(active: boolean | string | null | undefined, options: FocusTrapOptions): void {
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  useEffect(() => {
    if (!active) return;
    const containers = latest.current.containers
      .map((ref) => ref.current)
      .filter((node): node is HTMLElement => node !== null);
    if (containers.length === 0) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const trap = createFocusTrap(containers, {
      initialFocus: () => latest.current.initialFocus?.() ?? undefined,
      // The first container that can take focus itself (a dialog's panel) when nothing in it can.
      fallbackFocus: () => containers.find((node) => node.tabIndex === -1) ?? containers[0]!,
      escapeDeactivates: () => {
        latest.current.onEscape?.();
        return false;
      },
      // Clicks elsewhere go where they go (a dialog's backdrop closes it, a toast's button dismisses it).
      allowOutsideClick: true,
      returnFocusOnDeactivate: false,
      delayInitialFocus: false,
      delayReturnFocus: false,
      tabbableOptions: TABBABLE_OPTIONS,
    });
    trap.activate();
    return () => {
      trap.deactivate();
      const back = latest.current.returnFocus ?? 'previous';
      const target = back === 'previous' ? previous : back === false ? null : (back() ?? previous);
      if (target?.isConnected) target.focus();
    };
  }, [active]);
}
