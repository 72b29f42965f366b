// Page-weight figures printed after a production build.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { StatsCompilation } from 'webpack';
import { distDir, type WebApp } from './apps';

/** The shell's initial JavaScript (everything loaded before its first render), gzip, in bytes. */
export const SHELL_INITIAL_JS_BUDGET = 170 * 1024;

export interface AppSizes {
  app: string;
  /** All emitted JS, gzip bytes. */
  totalJs: number;
  /** Host: JS needed for the first render (lazy page chunks excluded). Remote: remoteEntry.js. */
  initialJs: number;
  /** remoteEntry.js gzip bytes (remotes only). */
  remoteEntry?: number;
  css: number;
}

const gzipSize = (file: string): number => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;

/** Chunk groups whose names start with this prefix are lazily loaded pages (see webpackChunkName). */
export const LAZY_CHUNK_PREFIX = 'lazy-';

export function measureApp(app: WebApp, stats: StatsCompilation): AppSizes {
  const dir = distDir(app);
  const files = fs.readdirSync(dir);
  const js = files.filter((f) => f.endsWith('.js'));
  const css = files.filter((f) => f.endsWith('.css'));
  const size = (names: string[]) => names.reduce((sum, f) => sum + gzipSize(path.join(dir, f)), 0);

  const lazyAssets = new Set<string>();
  for (const [name, group] of Object.entries(stats.namedChunkGroups ?? {})) {
    if (!name.startsWith(LAZY_CHUNK_PREFIX)) continue;
    for (const asset of group.assets ?? []) lazyAssets.add(asset.name);
  }
  // A chunk shared by a lazy page and the first render must still count as initial.
  const initialAssets = new Set<string>();
  for (const [name, group] of Object.entries(stats.namedChunkGroups ?? {})) {
    if (name.startsWith(LAZY_CHUNK_PREFIX)) continue;
    for (const asset of group.assets ?? []) initialAssets.add(asset.name);
  }

  const totalJs = size(js);
  if (app.kind === 'remote') {
    const remoteEntry = js.includes('remoteEntry.js') ? gzipSize(path.join(dir, 'remoteEntry.js')) : 0;
    return { app: app.name, totalJs, initialJs: remoteEntry, remoteEntry, css: size(css) };
  }
  const initial = js.filter((f) => !lazyAssets.has(f) || initialAssets.has(f));
  return { app: app.name, totalJs, initialJs: size(initial), css: size(css) };
}

export const formatKb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
