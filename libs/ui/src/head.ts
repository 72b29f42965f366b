// `@marketplace/ui/head`: a page's title, description, canonical address and Open Graph tags in the
// browser, from the same contracts data the edge writes into the HTML a crawler reads (page-head.ts).
// Not a shared singleton and not used by the shell: it travels in the chunks of the pages that call it.
import { useEffect } from 'react';
import { headTags, SITE, type HeadTag, type PageHead } from '@marketplace/contracts';

const selectorOf = (tag: Pick<HeadTag, 'attr' | 'key'>) =>
  tag.attr === 'rel' ? `link[rel="${tag.key}"]` : `meta[${tag.attr}="${tag.key}"]`;

/** Every tag a page head may set (a noindex page has them all), to take away when the page goes. */
const MANAGED = headTags({ title: '', description: '', path: '/', noindex: true }, '');

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

function setTag(tag: HeadTag): void {
  let element = document.head.querySelector(selectorOf(tag));
  if (!element) {
    element = document.createElement(tag.attr === 'rel' ? 'link' : 'meta');
    element.setAttribute(tag.attr, tag.key);
    document.head.appendChild(element);
  }
  element.setAttribute(tag.attr === 'rel' ? 'href' : 'content', tag.value);
}

/** Sets a page's head; `null` puts back the site's own (description) and removes the page's tags. */
export function applyPageHead(head: PageHead | null): void {
  if (typeof document === 'undefined') return;
  if (head) {
    const base = origin();
    document.title = head.title;
    const tags = headTags(head, base);
    const keys = new Set(tags.map((tag) => tag.key));
    for (const tag of MANAGED) if (!keys.has(tag.key)) document.head.querySelector(selectorOf(tag))?.remove();
    for (const tag of tags) setTag(tag);
    return;
  }
  for (const tag of MANAGED) {
    if (tag.key === 'description') setTag({ ...tag, value: SITE.description });
    else document.head.querySelector(selectorOf(tag))?.remove();
  }
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
