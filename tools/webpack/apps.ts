// The five web apps the front end is built from. The build script, the webpack factory and the
// browser checks all read this list, so adding a remote is one entry here (plus its folder).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export type WebAppName = 'shell' | 'catalogue' | 'jobs' | 'chat' | 'admin';

interface BaseApp {
  /** Module Federation container name; for remotes also the name in /remotes/manifest.json. */
  name: WebAppName;
  /** Workspace folder, relative to the repo root. */
  dir: string;
}

export interface HostApp extends BaseApp {
  kind: 'host';
  /** Entry module (it only does `import('./bootstrap')`). */
  entry: string;
  /** HTML template. */
  template: string;
  /** Module Federation runtime plugins bundled into the host. */
  runtimePlugins: string[];
}

export interface RemoteApp extends BaseApp {
  kind: 'remote';
  /** Exposed modules, `./name` -> path relative to the app folder. */
  exposes: Record<string, string>;
}

export type WebApp = HostApp | RemoteApp;

const remote = (name: WebAppName, dir: string): RemoteApp => ({
  kind: 'remote',
  name,
  dir,
  exposes: { './routes': './src/app/routes.tsx' },
});

export const WEB_APPS: readonly WebApp[] = [
  {
    kind: 'host',
    name: 'shell',
    dir: 'shell',
    entry: './src/index.ts',
    template: './src/index.html',
    runtimePlugins: ['./src/app/federation/fallback-plugin.ts'],
  },
  remote('catalogue', 'mfe-catalogue'),
  remote('jobs', 'mfe-jobs'),
  remote('chat', 'mfe-chat'),
  remote('admin', 'mfe-admin'),
];

export function findApp(name: string): WebApp | undefined {
  return WEB_APPS.find((app) => app.name === name);
}

export function appDir(app: WebApp): string {
  return path.join(REPO_ROOT, app.dir);
}

export function distDir(app: WebApp): string {
  return path.join(REPO_ROOT, app.dir, 'dist');
}
