// The part of a page's head handling the shell needs in its first view (from @marketplace/ui): taking a
// page's tags away. Setting them (@marketplace/ui/head) travels with the pages.
import { SITE } from '@marketplace/contracts';
import type { HeadTag } from '@marketplace/page-head';

/** Every tag a page head sets besides its description (page-head's headTags), taken away when it goes. */
export const PAGE_TAGS =
  'link[rel="canonical"],meta[name="robots"],meta[property^="og:"],meta[name^="twitter:"]';

const selectorOf = (tag: Pick<HeadTag, 'attr' | 'key'>) =>
  tag.attr === 'rel' ? `link[rel="${tag.key}"]` : `meta[${tag.attr}="${tag.key}"]`;

/** Sets one tag of the head, reusing the element already there. */
export function setHeadTag(tag: HeadTag): void {
  let element = document.head.querySelector(selectorOf(tag));
  if (!element) {
    element = document.createElement(tag.attr === 'rel' ? 'link' : 'meta');
    element.setAttribute(tag.attr, tag.key);
    document.head.appendChild(element);
  }
  element.setAttribute(tag.attr === 'rel' ? 'href' : 'content', tag.value);
}

/** Puts back the site's own head (its description) and removes a page's tags. */
export function clearPageHead(): void {
  if (typeof document === 'undefined') return;
  for (const element of document.head.querySelectorAll(PAGE_TAGS)) element.remove();
  setHeadTag({ attr: 'name', key: 'description', value: SITE.description });
}
