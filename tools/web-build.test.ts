import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { webBuildIsStale, writeBuildStamp } from './web-build';

const APPS = ['shell', 'mfe-catalogue', 'mfe-jobs', 'mfe-chat', 'mfe-admin'];

describe('web build staleness', () => {
  let root: string;
  const at = (path: string, seconds: number) => utimesSync(join(root, path), seconds, seconds);

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'web-build-'));
    for (const app of APPS) {
      mkdirSync(join(root, app, 'src'), { recursive: true });
      writeFileSync(join(root, app, 'src', 'page.tsx'), 'export {}');
      writeFileSync(join(root, app, 'src', 'page.test.tsx'), 'test');
      at(join(app, 'src', 'page.tsx'), 1000);
      at(join(app, 'src', 'page.test.tsx'), 1000);
    }
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const build = () => {
    for (const app of APPS) {
      mkdirSync(join(root, app, 'dist'), { recursive: true });
      writeBuildStamp(join(root, app, 'dist'));
      at(join(app, 'dist', '.built-at'), 2000);
    }
  };

  it('is stale until every app has been built', () => {
    expect(webBuildIsStale(root)).toBe(true);
    build();
    expect(webBuildIsStale(root)).toBe(false);
  });

  it('goes stale when a source changes after the build, but not for a test file', () => {
    build();
    at(join('mfe-chat', 'src', 'page.test.tsx'), 3000);
    expect(webBuildIsStale(root)).toBe(false);
    at(join('mfe-chat', 'src', 'page.tsx'), 3000);
    expect(webBuildIsStale(root)).toBe(true);
  });
});
