import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileText } from '../shell-index';
import { remoteHintsReader, remoteHintTags } from './remote-hints';

const source = { base: '/remotes/catalogue/', expose: './routes' };

function manifest(overrides: { entry?: unknown; js?: unknown; css?: unknown; path?: string } = {}) {
  return JSON.stringify({
    metaData: { remoteEntry: { name: 'entry' in overrides ? overrides.entry : 'remoteEntry.js' } },
    exposes: [
      { path: './other', assets: { js: { sync: ['other.1.js'] }, css: { sync: [] } } },
      {
        path: overrides.path ?? './routes',
        assets: {
          js: {
            sync: 'js' in overrides ? overrides.js : ['__federation_expose_routes.ab12cd34.js'],
            async: ['landing.1.js'],
          },
          css: { sync: 'css' in overrides ? overrides.css : ['__federation_expose_routes.ef56ab78.css'] },
        },
      },
    ],
  });
}

describe('preload hints for a remote', () => {
  it("names the remote's manifest, its entry and the page expose's own files, nothing it loads later", () => {
    // In a template: nothing is fetched until the shell's starter lets them go after the first paint.
    expect(remoteHintTags(manifest(), source)).toBe(
      '<template data-after-paint>' +
        '<link rel="preload" as="fetch" crossorigin href="/remotes/catalogue/mf-manifest.json">' +
        '<link rel="preload" as="style" href="/remotes/catalogue/__federation_expose_routes.ef56ab78.css">' +
        '<link rel="preload" as="script" fetchpriority="low" href="/remotes/catalogue/remoteEntry.js">' +
        '<link rel="preload" as="script" fetchpriority="low" href="/remotes/catalogue/__federation_expose_routes.ab12cd34.js">' +
        '</template>',
    );
  });

  it('keeps only plain file names of the build (no quotes, paths or other hosts)', () => {
    const tags = remoteHintTags(
      manifest({
        js: [
          'ok.1.js',
          '"><script>alert(1)</script>.js',
          '../../etc/passwd.js',
          'https://evil.example/x.js',
          42,
        ],
        css: 'not a list',
      }),
      source,
    );
    expect(tags).toContain('href="/remotes/catalogue/ok.1.js"');
    expect(tags).not.toMatch(/script>|\.\.|evil|42/);
    expect(tags).not.toContain('as="style"');
  });

  it('gives no hints for a manifest it cannot read or without an entry, and no expose files for another expose', () => {
    expect(remoteHintTags('{"truncated": ', source)).toBe('');
    expect(remoteHintTags('null', source)).toBe('');
    expect(remoteHintTags(manifest({ entry: 'x"y.js' }), source)).toBe('');
    expect(remoteHintTags(manifest({ path: './elsewhere' }), source)).not.toContain(
      '__federation_expose_routes',
    );
  });

  it("follows a redeployed remote's manifest and gives none while there is no build", () => {
    const dir = mkdtempSync(join(tmpdir(), 'remote-hints-'));
    try {
      const read = remoteHintsReader({ ...source, manifest: fileText(join(dir, 'mf-manifest.json')) });
      expect(read()).toBe('');
      const file = join(dir, 'mf-manifest.json');
      writeFileSync(file, manifest());
      expect(read()).toContain('__federation_expose_routes.ab12cd34.js');
      writeFileSync(file, manifest({ js: ['__federation_expose_routes.99999999.js'] }));
      utimesSync(file, new Date(), new Date(Date.now() + 5000));
      expect(read()).toContain('__federation_expose_routes.99999999.js');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
