// The site as a whole, apart from any page: its name (every page title ends with it), the head of a page
// that sets none, and the picture a shared link shows. The shell's brand and the edge read it here.
/** The site's name (the shell's brand reads this alone, so the rest stays out of its first load). */
export const SITE_NAME = 'Naija Marketplace';

export const SITE = /* @__PURE__ */ Object.freeze({
  name: SITE_NAME,
  title: 'Naija Marketplace: trusted home and trade services',
  description: 'Post your job for free and get offers from vetted companies and tradespeople across Nigeria.',
  /** The picture a shared link shows (Open Graph); the edge serves it at this path. */
  image: /* @__PURE__ */ Object.freeze({
    path: '/og-image.png',
    type: 'image/png',
    width: 1200,
    height: 630,
    alt: 'Naija Marketplace: trusted home and trade services across Nigeria',
  }),
});

/**
 * The attribute of the `<template>`s in a page's head that hold its hints (preloads) for the app's files.
 * A template's links fetch nothing until the shell's starter moves them into the head, once the page the
 * edge drew is painted: the first paint never shares the connection with the app (the shell's build and
 * the edge's remote hints both write them).
 */
export const AFTER_PAINT_HINTS = 'data-after-paint';

/** A page's document title: its main heading and the site's name (the shell titles every page so). */
export function pageTitle(heading: string): string {
  const text = heading.trim();
  return text ? `${text} | ${SITE.name}` : SITE.name;
}
