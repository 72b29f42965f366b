// `@marketplace/ui/head`: a page's title, description, canonical address and Open Graph tags in the
// browser, from the same @marketplace/page-head data the edge writes into the HTML a crawler reads.
// Not a shared singleton and not used by the shell: it travels in the chunks of the pages that call it
// (the shell uses the small part in head-reset.ts, from @marketplace/ui).
import { useEffect } from 'react';
import { headTags, type PageHead } from '@marketplace/page-head';
import { clearPageHead, PAGE_TAGS, setHeadTag } from './head-reset';

const keyOf = (element: Element) =>
  element.getAttribute('rel') ?? element.getAttribute('name') ?? element.getAttribute('property');

let siteOrigin: string | undefined;

/**
 * The site's public origin: the one of the canonical address the edge wrote into the first page (it knows
 * the configured origin), else this page's own.
 */
function origin(): string {
  if (siteOrigin === undefined) {
    const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    try {
      siteOrigin = canonical?.href ? new URL(canonical.href).origin : window.location.origin;
    } catch {
      siteOrigin = window.location.origin;
    }
  }
  return siteOrigin;
}

/** Sets a page's head; `null` puts back the site's own (description) and removes the page's tags. */
export function applyPageHead(head: PageHead | null): void {
  if (typeof document === 'undefined') return;
  if (!head) return clearPageHead();
  document.title = head.title;
  const tags = headTags(head, origin());
  const keys = new Set(tags.map((tag) => tag.key));
  for (const element of document.head.querySelectorAll(PAGE_TAGS)) {
    if (!keys.has(keyOf(element) ?? '')) element.remove();
  }
  for (const tag of tags) setHeadTag(tag);
}

/**
 * Keeps the document's head in step with a page while it is shown (undefined or null: the page does not
 * know its head yet, e.g. a company still loading). The title matches the one the shell derives from the
 * page's h1, so neither overrides the other.
 */
export function usePageHead(head: PageHead | null | undefined): void {
  const title = head?.title;
  const description = head?.description;
  const path = head?.path;
  const noindex = head?.noindex ?? false;
  useEffect(() => {
    if (title === undefined || description === undefined || path === undefined) return;
    applyPageHead({ title, description, path, noindex });
    return () => applyPageHead(null);
  }, [title, description, path, noindex]);
}

/** Tests only: forget the origin read from the first page. */
export function resetPageHeadForTests(): void {
  siteOrigin = undefined;
}
