import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  APP_LAYOUT_CHUNK,
  CHUNK_FILES_NAME,
  PAGE_PATHS,
  PAGE_SOURCES,
  pageShellChunks,
  type PageRemote,
} from '@marketplace/contracts';
import Fastify from 'fastify';
import { pageHintsReader, shellChunkLinks, type PageHintSources } from './page-hints';
import { registerStaticSite } from './static-site';

const REMOTES: readonly PageRemote[] = ['catalogue', 'jobs', 'chat', 'admin'];

/** A remote's mf-manifest.json as far as the hints read it. */
const manifestOf = (remote: string) =>
  JSON.stringify({
    metaData: { remoteEntry: { name: 'remoteEntry.js' } },
    exposes: [
      {
        path: './routes',
        assets: {
          js: { sync: [`__federation_expose_routes.${remote}1.js`] },
          css: { sync: [`__federation_expose_routes.${remote}2.css`] },
        },
      },
    ],
  });

/** The shell's chunk-files.json as its build writes it: every chunk the pages name. */
const CHUNK_FILES = JSON.stringify(
  Object.fromEntries(
    pageShellChunks().map((name) => [
      name,
      { js: [`/static/${name}.0a1b2c3d.js`, `/static/lazy-shared-${name}~x.4e5f6a7b.js`], css: [] },
    ]),
  ),
);

const SOURCES: PageHintSources = {
  shellChunks: () => CHUNK_FILES,
  remotes: Object.fromEntries(
    REMOTES.map((name) => [name, { manifest: () => manifestOf(name), base: `/remotes/${name}/` }]),
  ),
};

const entryHint = (remote: string) =>
  `<link rel="preload" as="script" fetchpriority="low" href="/remotes/${remote}/remoteEntry.js">`;
const chunkHint = (name: string) =>
  `<link rel="preload" as="script" fetchpriority="low" href="/static/${name}.0a1b2c3d.js">`;

/** An address of a route, with a value in each of its segments. */
const sample = (path: string) => path.replace(/:[a-z]+/gi, 'Sample%20Value');

describe("each page's preload hints", () => {
  const hints = pageHintsReader(SOURCES);

  it('names, for every route of the shell, the files that draw it: layout chunk, shell chunk or remote', () => {
    // PAGE_PATHS and PAGE_SOURCES are the shell's route table (shell page-paths.test.tsx): a route that
    // lost its hints, or a route added without a source, fails here.
    for (const path of PAGE_PATHS) {
      const source = PAGE_SOURCES[path];
      expect([path, source]).toEqual([path, expect.anything()]);
      const tags = hints(sample(path));
      expect([path, tags]).toEqual([
        path,
        expect.stringMatching(/^<template data-after-paint>.*<\/template>$/),
      ]);
      const expected = [
        ...(source?.layout === 'app' ? [chunkHint(APP_LAYOUT_CHUNK)] : []),
        ...(source && 'shellChunk' in source ? [chunkHint(source.shellChunk)] : []),
        ...(source && 'remote' in source ? [entryHint(source.remote)] : []),
      ];
      expect(expected.length).toBeGreaterThan(0);
      for (const tag of expected) expect([path, tags]).toEqual([path, expect.stringContaining(tag)]);
      // Only the page's own remote.
      for (const other of REMOTES.filter((r) => !(source && 'remote' in source && source.remote === r))) {
        expect([path, tags]).toEqual([path, expect.not.stringContaining(`/remotes/${other}/`)]);
      }
    }
  });

  it('puts the signed-in layout before the page, with the chunks split from it', () => {
    const tags = hints('/dashboard');
    const layout = tags.indexOf(chunkHint(APP_LAYOUT_CHUNK));
    expect(layout).toBeGreaterThan(0);
    expect(tags).toContain(`href="/static/lazy-shared-${APP_LAYOUT_CHUNK}~x.4e5f6a7b.js"`);
    expect(tags.indexOf(entryHint('jobs'))).toBeGreaterThan(layout);
    expect(tags).toContain(
      '<link rel="preload" as="fetch" crossorigin href="/remotes/jobs/mf-manifest.json">',
    );
    expect(tags).toContain(
      '<link rel="preload" as="style" href="/remotes/jobs/__federation_expose_routes.jobs2.css">',
    );
    // A public shell page has no layout chunk to wait for.
    expect(hints('/register')).not.toContain(APP_LAYOUT_CHUNK);
  });

  it('names nothing for an address with no page, or files no build here has', () => {
    expect(hints('/no-such-page')).toBe('');
    expect(hints('/dashboard/extra')).toBe('');
    const none = pageHintsReader({ remotes: {} });
    for (const path of PAGE_PATHS) expect(none(sample(path))).toBe('');
  });

  it('keeps only paths of the shell build from chunk-files.json', () => {
    const links = shellChunkLinks(
      JSON.stringify({
        a: {
          js: [
            '/static/ok.1a2b.js',
            '"><script>x</script>.js',
            '/static/../../etc/passwd.js',
            'https://evil.example/x.js',
            7,
          ],
          css: ['/static/ok.3c4d.css', '//evil.example/x.css'],
        },
        b: 'not an entry',
      }),
    );
    expect(links.a).toEqual([
      '<link rel="preload" as="style" href="/static/ok.3c4d.css">',
      '<link rel="preload" as="script" fetchpriority="low" href="/static/ok.1a2b.js">',
    ]);
    expect(links.b).toEqual([]);
    expect(shellChunkLinks('{"truncated": ')).toEqual({});
    expect(shellChunkLinks('[1]')).toEqual({});
  });
});

describe('the edge sends each page with its hints', () => {
  let dir: string;
  const app = Fastify({ logger: false });
  const SHELL = '<!doctype html><html><head><title>t</title></head><body><div id=root></div></body></html>';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'page-hints-'));
    mkdirSync(join(dir, 'shell', 'dist'), { recursive: true });
    writeFileSync(join(dir, 'shell', 'dist', 'index.html'), SHELL);
    writeFileSync(join(dir, 'shell', 'dist', CHUNK_FILES_NAME), CHUNK_FILES);
    for (const remote of REMOTES) {
      mkdirSync(join(dir, `mfe-${remote}`, 'dist'), { recursive: true });
      writeFileSync(join(dir, `mfe-${remote}`, 'dist', 'mf-manifest.json'), manifestOf(remote));
    }
    await registerStaticSite(app, { webRoot: dir });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('in the head, for a signed-in page, a shell page and a remote page drawn by scripts', async () => {
    for (const [path, expected] of [
      ['/dashboard', [chunkHint(APP_LAYOUT_CHUNK), entryHint('jobs')]],
      ['/allusers', [chunkHint(APP_LAYOUT_CHUNK), entryHint('admin')]],
      ['/chat', [chunkHint(APP_LAYOUT_CHUNK), entryHint('chat')]],
      ['/edit-profile', [chunkHint(APP_LAYOUT_CHUNK), chunkHint('lazy-edit-profile')]],
      ['/register', [chunkHint('lazy-register')]],
      ['/jobpost', [entryHint('jobs')]],
    ] as const) {
      const res = await app.inject({ method: 'GET', url: path });
      expect([path, res.statusCode]).toEqual([path, 200]);
      const head = res.body.slice(0, res.body.indexOf('</head>'));
      for (const tag of expected) expect([path, head]).toEqual([path, expect.stringContaining(tag)]);
    }
  });

  it('sends an address with no page as the shell built it, with a 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/no-such-page' });
    expect([res.statusCode, res.body]).toEqual([404, SHELL]);
  });
});
