// A web root as the edge reads it (the shell's built index.html under web/shell/dist), for tests of the
// pages it writes.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SITE } from '@marketplace/contracts';

/** The shell's index.html as the build writes it (minified: one line, attribute quotes left out). */
export const TEST_SHELL_INDEX =
  '<!doctype html><html lang=en><head><meta charset=utf-8>' +
  `<meta name=description content="${SITE.description}"><title>${SITE.title}</title></head>` +
  '<body><div id=root></div><noscript>This site needs JavaScript to run.</noscript>' +
  '<script defer src=/main.0123abcd.js></script></body></html>';

/** A temporary web root holding `index` as the shell's build; `remove` deletes it. */
export function testWebRoot(prefix: string, index = TEST_SHELL_INDEX): { webRoot: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const webRoot = join(dir, 'web');
  mkdirSync(join(webRoot, 'shell', 'dist'), { recursive: true });
  writeFileSync(join(webRoot, 'shell', 'dist', 'index.html'), index);
  return { webRoot, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
