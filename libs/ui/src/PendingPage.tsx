// The page the edge wrote into the HTML kept on screen while the shell and the page's remote load. The
// edge draws a catalogue page's hero into the root element (its search-engines/page-html.ts) so the
// visitor reads it at the first paint; React would wipe it when the shell mounts and show skeletons for
// a second or more on a phone. The shell takes the node out before mounting (keepPrerenderedPage), and
// every loading state of that address shows the same node (PendingPage) until the real page is there.
import { useLayoutEffect, useRef, type ReactNode } from 'react';

/** The edge marks the summary it draws as the page's first paint with data-look (every catalogue page). */
const PRERENDERED = ':scope > [data-look]';

let kept: { node: HTMLElement; path: string } | undefined;

/**
 * Takes the edge's pre-rendered page out of `root` before React mounts there, to be shown by PendingPage
 * while the page at `path` (the address it was served for) loads. Anything else in root is left to React.
 */
export function keepPrerenderedPage(root: HTMLElement, path: string = window.location.pathname): void {
  const node = root.querySelector<HTMLElement>(PRERENDERED);
  kept = node ? { node, path } : undefined;
  if (!node) return;
  node.remove();
  // Its links for crawlers are hidden and not needed on screen.
  for (const crawlersOnly of node.querySelectorAll('section')) crawlersOnly.remove();
  // Shown inside the shell's <main>, the edge's own <main> would be a second main landmark.
  const main = node.querySelector(':scope > main');
  if (main) {
    const body = document.createElement('div');
    // Its class keeps its place (a signed-in page's frame sits beside the edge's sidebar).
    body.className = main.className;
    body.append(...main.childNodes);
    main.replaceWith(body);
  }
}

/** Forgets the kept page (tests). */
export function resetPrerenderedPageForTests(): void {
  kept = undefined;
}

/**
 * A loading state: the edge's pre-rendered page while the address is the one it was served for, else
 * `fallback` (a skeleton). Shell and remotes share this module, so the node moves from the shell's
 * loading state to the remote's without being drawn again. `standalone`: shown before the shell's own
 * header is there (the router still loading the first page), so the edge's bar stays in its place.
 */
export function PendingPage({ fallback, standalone = false }: { fallback: ReactNode; standalone?: boolean }) {
  const holder = useRef<HTMLDivElement>(null);
  const node = kept && kept.path === window.location.pathname ? kept.node : undefined;

  useLayoutEffect(() => {
    const target = holder.current;
    if (!node || !target) return;
    target.appendChild(node);
    return () => node.remove();
  }, [node]);

  if (!node) return <>{fallback}</>;
  // A picture of the page while it loads: assistive technology hears that it loads, as with skeletons,
  // and nothing in it can be focused or clicked before the real page is there.
  return (
    <div
      className={standalone ? 'ui-prerendered ui-prerendered--standalone' : 'ui-prerendered'}
      aria-busy="true"
    >
      <span role="status" className="ui-visually-hidden">
        Loading page
      </span>
      <div ref={holder} aria-hidden="true" inert />
    </div>
  );
}
