import { useCallback, useLayoutEffect, useSyncExternalStore } from 'react';
import { UI_LAYOUT } from '@marketplace/contracts';

/** Below the spec's chat breakpoint (900 px) the side panes become slide-in panels. */
export const CHAT_NARROW_QUERY = `(max-width: ${UI_LAYOUT.chatBreakpointPx - 0.02}px)`;

/** Whether a media query matches now, re-rendering when it changes. False where matchMedia is missing. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener?.('change', onChange);
      return () => list.removeEventListener?.('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  );
}

/**
 * Whether the element is narrower than `px` (ResizeObserver; false where there is none). The chat card
 * also switches to panels when the page leaves it too little room for three columns (a wide sidebar).
 */
export function useNarrowerThan(ref: { current: HTMLElement | null }, px: number): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const element = ref.current;
      if (!element || typeof ResizeObserver === 'undefined') return () => {};
      const observer = new ResizeObserver(onChange);
      observer.observe(element);
      return () => observer.disconnect();
    },
    [ref],
  );
  return useSyncExternalStore(
    subscribe,
    () => {
      const width = ref.current?.getBoundingClientRect().width ?? 0;
      return width > 0 && width < px;
    },
    () => false,
  );
}

/**
 * Makes the element end at the bottom of the window: its height is the window's height less its own
 * distance from the top of the page (the shell's bar and any notice above it), measured again when the
 * window or the content above changes. The CSS height stays as the fallback before the first measure.
 */
export function useFillWindow(ref: { current: HTMLElement | null }): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const top = element.getBoundingClientRect().top + window.scrollY;
      element.style.setProperty('--chat-top', `${Math.max(0, Math.round(top))}px`);
    };
    measure();
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    const above = element.parentElement;
    if (observer && above)
      for (const child of Array.from(above.children)) if (child !== element) observer.observe(child);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [ref]);
}
