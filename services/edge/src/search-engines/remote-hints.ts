// Preload hints for the remote that renders a page. Without them the browser finds the catalogue's files
// three round trips after the shell starts: /remotes/manifest.json, then the remote's mf-manifest.json,
// then its remoteEntry.js and the `routes` expose's chunks. With the last two steps asked for from the
// HTML, they are in the cache when the federation runtime wants them. They wait in an after-paint template
// (AFTER_PAINT_HINTS), as the shell's own do: the shell's starter lets them go with its scripts, once the
// page is painted. Read from the remote's build (its mf-manifest.json), again only when that file changes
// (a redeployed remote).
import { AFTER_PAINT_HINTS } from '@marketplace/contracts';
import type { TextSource } from '../shell-index';

export interface RemoteHintsSource {
  /** The remote's mf-manifest.json as it stands now (a file of its build, or its web server's copy). */
  manifest: TextSource;
  /** Where the edge serves that folder, e.g. `/remotes/catalogue/`. */
  base: string;
  /** The expose that renders pages (`./routes`). */
  expose: string;
}

/** File names the hints carry: a build's own names only (nothing to escape, no path, no other host). */
const ASSET_NAME = /^[\w.-]+\.(js|css)$/;

interface ExposeAssets {
  path?: unknown;
  assets?: { js?: { sync?: unknown }; css?: { sync?: unknown } };
}

const names = (list: unknown): string[] =>
  Array.isArray(list)
    ? list.filter((name): name is string => typeof name === 'string' && ASSET_NAME.test(name))
    : [];

/**
 * The link tags for one remote's manifest, entry and page expose ([] when the manifest is unreadable).
 */
export function remoteHintLinks(
  manifestJson: string,
  source: Pick<RemoteHintsSource, 'base' | 'expose'>,
): string[] {
  let manifest: { metaData?: { remoteEntry?: { name?: unknown } }; exposes?: unknown } | null;
  try {
    manifest = JSON.parse(manifestJson) as typeof manifest;
  } catch {
    return [];
  }
  const entry = manifest?.metaData?.remoteEntry?.name;
  if (typeof entry !== 'string' || !ASSET_NAME.test(entry)) return [];
  const expose = (Array.isArray(manifest?.exposes) ? (manifest.exposes as ExposeAssets[]) : []).find(
    (item) => item?.path === source.expose,
  );
  // The manifest is fetched by the federation runtime with fetch()'s defaults: a CORS-mode request,
  // which a preload matches only with `crossorigin`. Scripts at low priority, as deferred scripts are.
  const tags = [`<link rel="preload" as="fetch" crossorigin href="${source.base}mf-manifest.json">`];
  for (const css of names(expose?.assets?.css?.sync)) {
    tags.push(`<link rel="preload" as="style" href="${source.base}${css}">`);
  }
  for (const js of [entry, ...names(expose?.assets?.js?.sync)]) {
    tags.push(`<link rel="preload" as="script" fetchpriority="low" href="${source.base}${js}">`);
  }
  return tags;
}

/** Link tags in an after-paint template ('' for none). */
export function afterPaint(links: readonly string[]): string {
  return links.length > 0 ? `<template ${AFTER_PAINT_HINTS}>${links.join('')}</template>` : '';
}

/**
 * The link tags for one remote's manifest, entry and page expose, in an after-paint template ('' when the
 * manifest is unreadable).
 */
export function remoteHintTags(
  manifestJson: string,
  source: Pick<RemoteHintsSource, 'base' | 'expose'>,
): string {
  return afterPaint(remoteHintLinks(manifestJson, source));
}

/** The hints of a remote as its build stands now, worked out again when its mf-manifest.json changes. */
export function remoteHintsReader(source: RemoteHintsSource): () => string {
  const links = remoteHintLinksReader(source);
  return () => afterPaint(links());
}

/** The link tags of a remote as its build stands now (no template), read again when its manifest changes. */
export function remoteHintLinksReader(source: RemoteHintsSource): () => readonly string[] {
  let cached: { manifest: string; links: string[] } | undefined;
  return () => {
    const manifest = source.manifest();
    if (manifest === undefined) return [];
    if (cached?.manifest !== manifest) cached = { manifest, links: remoteHintLinks(manifest, source) };
    return cached.links;
  };
}
