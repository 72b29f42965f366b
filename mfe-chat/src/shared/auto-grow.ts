import { useLayoutEffect, type RefObject } from 'react';
import { UI_LAYOUT } from '@marketplace/contracts';

/**
 * A text box that grows with its text up to `maxPx` (spec: 120 px), then scrolls. Measured after every
 * change of `value` and of the box's width (a narrower box wraps more lines), before the browser paints.
 * An empty box keeps its CSS height: the placeholder never makes it taller.
 */
export function useAutoGrow(
  ref: RefObject<HTMLTextAreaElement | null>,
  value: string,
  maxPx: number = UI_LAYOUT.messageBoxMaxHeightPx,
): void {
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    let width = box.clientWidth;
    const measure = () => {
      box.style.removeProperty('height');
      if (!box.value) {
        box.style.overflowY = 'hidden';
        return;
      }
      box.style.height = 'auto';
      // border-box sizing: the height includes the borders, scrollHeight does not.
      const wanted = box.scrollHeight + (box.offsetHeight - box.clientHeight);
      // jsdom and hidden boxes measure 0: leave the CSS height alone then.
      if (wanted > 0) box.style.height = `${Math.min(wanted, maxPx)}px`;
      else box.style.removeProperty('height');
      box.style.overflowY = wanted > maxPx ? 'auto' : 'hidden';
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (box.clientWidth === width) return; // our own height change
      width = box.clientWidth;
      measure();
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, [ref, value, maxPx]);
}
