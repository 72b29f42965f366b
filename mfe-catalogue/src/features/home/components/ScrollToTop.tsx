import { useEffect, useState } from 'react';
import { Icon } from './Icon';

/** Spec (Home, section 9): the button shows once the page is scrolled more than this. */
export const SCROLL_TOP_AFTER_PX = 50;

/**
 * The round 'Back to top' button. It scrolls to the top (smoothly unless reduced motion is preferred) and
 * moves focus to the page's heading, so keyboard and screen-reader users land where the page starts.
 */
export function ScrollToTop() {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const update = () => setVisible(window.scrollY > SCROLL_TOP_AFTER_PX);
    window.addEventListener('scroll', update, { passive: true });
    // Reading the scroll position while the page is being laid out forces that layout at once (on the
    // home page, 40-60 ms of one task on a fast machine). After the next frame the layout is done and
    // the read is free; a page that starts scrolled (a reload half way down) shows the button then.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(update, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      window.removeEventListener('scroll', update);
    };
  }, []);

  if (!visible) return null;

  const toTop = () => {
    const reduced =
      typeof window.matchMedia === 'function' &&
      window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduced ? 'auto' : 'smooth' });
    const heading = document.querySelector<HTMLElement>('#main h1, h1');
    if (heading) {
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
    }
  };

  return (
    <button type="button" className="scroll-top" aria-label="Back to top" onClick={toTop}>
      <Icon name="arrowUp" size={22} />
    </button>
  );
}
