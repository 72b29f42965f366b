// Preload hints for every page of the shell, from what draws it (contracts PAGE_SOURCES, equal to the
// shell's route table by a test): the signed-in layout's chunk for the pages inside it, the shell's chunk
// of a shell page (both from the shell's chunk-files.json, tools/webpack chunk-files.ts), and the remote's
// manifest, entry and page expose for a remote's page (its mf-manifest.json, search-engines/remote-hints.ts).
// Without them a page drawn only by scripts finds its files in sequence: the shell's scripts, then the
// layout's chunk, then the remote's manifest, its entry and its expose, a round trip each. They wait in an
// after-paint template, as the shell's own do: the starter lets them go with its scripts, so they load
// beside the shell's files instead of after them. A route added to the table gets its hints with no
// other change here.
import {
  APP_LAYOUT_CHUNK,
  CHUNK_FILES_NAME,
  pageSourceOf,
  type PageRemote,
  type PageSource,
} from '@marketplace/contracts';
import { afterPaint, remoteHintLinksReader, type RemoteHintsSource } from './search-engines/remote-hints';
import type { TextSource } from './shell-index';

export { CHUNK_FILES_NAME };

export interface PageHintSources {
  /** The shell's chunk-files.json as it stands now (the file of its build, or its web server's copy). */
  shellChunks?: TextSource;
  /** Each remote's manifest and where its files are, for the remotes this site's pages may name. */
  remotes: Partial<Record<PageRemote, Omit<RemoteHintsSource, 'expose'>>>;
}

/** The page expose every remote has (libs/ui RemoteRoutesModule). */
const PAGE_EXPOSE = './routes';

/** A path of the shell's build only: nothing to escape, no `..`, no other host. */
const SHELL_FILE = /^\/(?:[\w~-]+(?:\.[\w~-]+)*\/)*[\w~-]+(?:\.[\w~-]+)*\.(js|css)$/;

type ShellChunkLinks = Record<string, string[]>;

/** The link tags of each named shell chunk in a chunk-files.json ({} when it cannot be read). */
export function shellChunkLinks(json: string): ShellChunkLinks {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  const files = (list: unknown) =>
    Array.isArray(list)
      ? list.filter((file): file is string => typeof file === 'string' && SHELL_FILE.test(file))
      : [];
  const links: ShellChunkLinks = {};
  for (const [name, entry] of Object.entries(parsed as Record<string, { js?: unknown; css?: unknown }>)) {
    links[name] = [
      ...files(entry?.css).map((href) => `<link rel="preload" as="style" href="${href}">`),
      ...files(entry?.js).map(
        (href) => `<link rel="preload" as="script" fetchpriority="low" href="${href}">`,
      ),
    ];
  }
  return links;
}

/** The hint tags (an after-paint template, or '') for a page address, as the builds stand now. */
export type PageHints = (pathname: string) => string;

export function pageHintsReader(sources: PageHintSources): PageHints {
  let shellCache: { json: string; links: ShellChunkLinks } | undefined;
  const shellLinks = (): ShellChunkLinks => {
    const json = sources.shellChunks?.();
    if (json === undefined) return {};
    if (shellCache?.json !== json) shellCache = { json, links: shellChunkLinks(json) };
    return shellCache.links;
  };
  const remotes = new Map<PageRemote, () => readonly string[]>();
  for (const [name, source] of Object.entries(sources.remotes) as Array<
    [PageRemote, Omit<RemoteHintsSource, 'expose'>]
  >) {
    remotes.set(name, remoteHintLinksReader({ ...source, expose: PAGE_EXPOSE }));
  }
  const linksOf = (source: PageSource): string[] => {
    const shell = shellLinks();
    return [
      // In the order the page needs them: the layout frames the page, then the page itself.
      ...(source.layout === 'app' ? (shell[APP_LAYOUT_CHUNK] ?? []) : []),
      ...('shellChunk' in source ? (shell[source.shellChunk] ?? []) : []),
      ...('remote' in source ? (remotes.get(source.remote)?.() ?? []) : []),
    ];
  };
  return (pathname) => {
    const source = pageSourceOf(pathname);
    return source ? afterPaint([...new Set(linksOf(source))]) : '';
  };
}
