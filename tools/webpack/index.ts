export {
  WEB_APPS,
  findApp,
  appDir,
  distDir,
  REPO_ROOT,
  type WebApp,
  type WebAppName,
  type HostApp,
  type RemoteApp,
} from './apps';
export { createWebpackConfig, REMOTES_BASE, type BuildMode, type ConfigOptions } from './create-config';
export { sharedSingletons } from './shared';
export { developmentBuildsIn, measureApp, formatKb, SHELL_INITIAL_JS_BUDGET, type AppSizes } from './sizes';
