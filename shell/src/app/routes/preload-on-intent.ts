// A page's chunk starts downloading when the reader shows the intent to open it (the pointer over a link,
// focus on it, a finger on it) rather than on the click: on a slow connection that takes a round trip or
// two off the wait the loading bar shows. Only the shell's pages and its signed-in layout are chunks of
// the shell; a remote's pages come with the remote, which the federation runtime loads.
import { matchPath } from '@marketplace/ui/router';
import { ROUTE_TABLE, type ShellPageName } from './route-specs';

type Load = () => Promise<unknown>;

export interface PageChunks {
  pages: Record<ShellPageName, Load>;
  /** The signed-in layout, which frames every page of the signed-in area. */
  appLayout: Load;
}

const INTENT_EVENTS = ['pointerover', 'focusin', 'touchstart'] as const;

/** Listens on `root` for intent on same-origin links; returns the function that stops listening. */
export function preloadPagesOnIntent(chunks: PageChunks, root: Document = document): () => void {
  // Each chunk is asked for once; one that failed to download is asked for again at the next intent.
  const asked = new Set<Load>();
  const ask = (load: Load) => {
    if (asked.has(load)) return;
    asked.add(load);
    load().catch(() => asked.delete(load));
  };
  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
    const spec = ROUTE_TABLE.find((route) => matchPath(route.path, link.pathname));
    if (!spec) return;
    if (spec.layout === 'app') ask(chunks.appLayout);
    if ('shell' in spec.page) ask(chunks.pages[spec.page.shell]);
  };
  const options = { capture: true, passive: true };
  for (const type of INTENT_EVENTS) root.addEventListener(type, onIntent, options);
  return () => {
    for (const type of INTENT_EVENTS) root.removeEventListener(type, onIntent, options);
  };
}
