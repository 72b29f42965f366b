import { useLayoutEffect, type RefObject } from 'react';
import { UI_LAYOUT } from '@marketplace/contracts';

/**
 * A text box that grows with its text up to `maxPx` (spec: 120 px), then scrolls. Runs after every
 * change of `value`, before the browser paints.
 */
export function useAutoGrow(
  ref: RefObject<HTMLTextAreaElement | null>,
  value: string,
  maxPx: number = UI_LAYOUT.messageBoxMaxHeightPx,
): void {
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    box.style.height = 'auto';
    const wanted = box.scrollHeight;
    // jsdom and hidden boxes measure 0: leave the CSS height alone then.
    if (wanted > 0) box.style.height = `${Math.min(wanted, maxPx)}px`;
    else box.style.removeProperty('height');
    box.style.overflowY = wanted > maxPx ? 'auto' : 'hidden';
  }, [ref, value, maxPx]);
}
