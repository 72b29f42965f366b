// One webpack configuration factory for the shell (host) and the four remotes.
// - swc-loader transpiles TypeScript/TSX (type-checking is `tsc --noEmit`, separately).
// - @module-federation/enhanced wires the host and remotes; shared singletons come from ./shared.
// - Remotes: publicPath 'auto', unhashed remoteEntry.js + mf-manifest.json, hashed everything else,
//   and the federation runtime is taken from the host (experiments.externalRuntime) instead of being
//   bundled into each remoteEntry.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Configuration, RuleSetRule, WebpackPluginInstance } from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import CssMinimizerPlugin from 'css-minimizer-webpack-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { pageShellChunks, SITE } from '@marketplace/contracts';
import { appDir, distDir, REPO_ROOT, type WebApp } from './apps';
import { sharedSingletons } from './shared';
import { ChunkFilesPlugin } from './chunk-files';
import { FirstViewScriptsPlugin } from './first-view-scripts';
import { LAZY_CHUNK_PREFIX } from './sizes';

export type BuildMode = 'production' | 'development';

export interface ConfigOptions {
  mode?: BuildMode;
}

/** ESM build of the plugin that publishes the host's federation runtime for externalRuntime remotes. */
const INJECT_EXTERNAL_RUNTIME_PLUGIN = fileURLToPath(
  import.meta.resolve('@module-federation/inject-external-runtime-core-plugin'),
);

const PURE_SCHEMAS_LOADER = fileURLToPath(new URL('./pure-schemas-loader.ts', import.meta.url));

/** Public path of a remote's files on the edge; the shell finds them through /remotes/manifest.json. */
export const REMOTES_BASE = '/remotes';

function swcRule(mode: BuildMode): RuleSetRule {
  return {
    test: /\.[cm]?[jt]sx?$/,
    exclude: /node_modules/,
    use: {
      loader: 'swc-loader',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic', development: mode === 'development' } },
          target: 'es2020',
        },
      },
    },
  };
}

function cssRule(): RuleSetRule {
  return {
    test: /\.css$/,
    use: [MiniCssExtractPlugin.loader, { loader: 'css-loader', options: { importLoaders: 0 } }],
  };
}

/**
 * @marketplace/contracts mixes plain data (catalogue, states, messages) with TypeBox schemas for the
 * services. Its modules only declare things, so a web app that imports the catalogue should not carry the
 * schemas (and typebox, ~20 KB gzip) along. Neither package says so in its package.json; this does,
 * for the front-end build only.
 */
function sideEffectFreeRule(): RuleSetRule {
  return { test: /[\\/](libs[\\/]contracts|node_modules[\\/]typebox)[\\/]/, sideEffects: false };
}

/**
 * Marks the contracts' TypeBox builder calls pure before swc sees them (pure-schemas-loader.ts), so a page
 * that imports a message from a module does not build that module's schemas. Runs first (`pre`); webpack
 * loads it with import() since tools/ is an ES module package.
 */
function pureSchemasRule(): RuleSetRule {
  return {
    test: /[\\/]libs[\\/]contracts[\\/]src[\\/](?!.*\.test\.ts$).*\.ts$/,
    enforce: 'pre',
    use: { loader: PURE_SCHEMAS_LOADER },
  };
}

/**
 * Host only: a chunk that webpack splits out of lazy pages (a library or helper two lazy pages share)
 * gets a `lazy-` name too, listing the pages it serves. Without a name the size report (sizes.ts) cannot
 * tell it from the chunks the first render needs and counts it as initial JS.
 */
function lazySplitChunkName(_module: unknown, chunks: Array<{ name?: string | null }>): string | undefined {
  const names = chunks.map((chunk) => chunk.name ?? '');
  if (names.length === 0 || !names.every((name) => name.startsWith(LAZY_CHUNK_PREFIX))) return undefined;
  const pages = [...new Set(names.map((name) => name.slice(LAZY_CHUNK_PREFIX.length)))].sort();
  return `${LAZY_CHUNK_PREFIX}shared-${pages.join('~')}`;
}

/**
 * Host only: the shared query client, fields, form blocks and rules (and TanStack Query under them) are loaded by lazy
 * pages only; their provide chunks get `lazy-` names so the size report knows they are not initial JS.
 */
const LAZY_SHARED_GROUPS = {
  lazySharedQuery: {
    test: /[\\/](node_modules[\\/]@tanstack[\\/]|libs[\\/]ui[\\/]src[\\/]query\.tsx)/,
    name: `${LAZY_CHUNK_PREFIX}shared-query`,
    chunks: 'async' as const,
    enforce: true,
  },
  lazySharedFields: {
    // The fields alone (@marketplace/ui/fields): a category page's small form loads these and nothing more.
    test: /[\\/]libs[\\/]ui[\\/]src[\\/]components[\\/]form[\\/](Field\.tsx|fields\.(ts|css))$/,
    name: `${LAZY_CHUNK_PREFIX}shared-fields`,
    chunks: 'async' as const,
    enforce: true,
    priority: 1,
  },
  lazySharedRules: {
    // Running the field rules: TypeBox, the contracts' rules and the resolver. A form loads them on its
    // first check (deferredRules), so a sign-in page draws without them.
    test: /[\\/](libs[\\/]ui[\\/]src[\\/]components[\\/]form[\\/](resolver|rules)\.ts|libs[\\/]contracts[\\/]src[\\/](fields|job-rules)\.ts|node_modules[\\/]typebox[\\/])/,
    name: `${LAZY_CHUNK_PREFIX}shared-rules`,
    chunks: 'async' as const,
    enforce: true,
    priority: 2,
  },
  lazySharedFocusTrap: {
    // The focus trap (focus-trap, tabbable) and the menus on it: dialogs, the signed-in layout, the chat,
    // and the public header's phone menu after the first paint.
    test: /[\\/](node_modules[\\/](focus-trap|tabbable)[\\/]|libs[\\/]ui[\\/]src[\\/](focus-trap|menu-panel|focus)\.ts$)/,
    name: `${LAZY_CHUNK_PREFIX}shared-focus-trap`,
    chunks: 'async' as const,
    enforce: true,
    priority: 1,
  },
  lazySharedForm: {
    // The blocks, the modal, the auth layout and the messages they show.
    test: /[\\/](libs[\\/]ui[\\/]src[\\/]components[\\/]|libs[\\/]contracts[\\/]src[\\/]messages\.ts)/,
    name: `${LAZY_CHUNK_PREFIX}shared-form`,
    chunks: 'async' as const,
    enforce: true,
  },
};

const REACT_ROUTER_DIST = path.join(REPO_ROOT, 'node_modules', 'react-router', 'dist', 'production');
const PRODUCTION_ALIASES = {
  'react-router$': path.join(REACT_ROUTER_DIST, 'index.mjs'),
  'react-router/dom$': path.join(REACT_ROUTER_DIST, 'dom-export.mjs'),
};

export function createWebpackConfig(app: WebApp, options: ConfigOptions = {}): Configuration {
  const mode = options.mode ?? 'production';
  const prod = mode === 'production';
  const context = appDir(app);
  // The shell's files live under /static/ (the shell's web image answers that prefix; the pages at every
  // other path are the edge's). Remotes are served under their own /remotes/<name>/[<version>/] base.
  const folder = app.kind === 'host' ? 'static/' : '';
  const hashed = `${folder}${prod ? '[name].[contenthash:8]' : '[name]'}`;

  const federation = new ModuleFederationPlugin({
    name: app.name,
    shared: sharedSingletons(),
    shareStrategy: 'loaded-first',
    dts: false,
    ...(app.kind === 'host'
      ? {
          // The host has no build-time remotes: they are registered at run time from
          // /remotes/manifest.json. It provides the federation runtime to the remotes (they are built
          // with externalRuntime). This is what `experiments.provideExternalRuntime` does, but that option
          // adds the plugin by its CommonJS path, which bundles a second (CJS) copy of the whole runtime
          // (~20 KB gzip); naming the package lets webpack pick its ESM build, the copy the host uses.
          runtimePlugins: [
            ...app.runtimePlugins.map((p) => path.resolve(context, p)),
            INJECT_EXTERNAL_RUNTIME_PLUGIN,
          ],
          manifest: false,
          experiments: { optimization: { target: 'web' } },
        }
      : {
          filename: 'remoteEntry.js',
          exposes: app.exposes,
          manifest: { fileName: 'mf-manifest.json' },
          experiments: { externalRuntime: true, optimization: { target: 'web' } },
        }),
  });

  const plugins: WebpackPluginInstance[] = [
    federation,
    new MiniCssExtractPlugin({ filename: `${hashed}.css`, chunkFilename: `${hashed}.css` }),
  ];

  if (app.kind === 'host') {
    plugins.push(
      new HtmlWebpackPlugin({
        template: path.resolve(context, app.template),
        // The site's own title and description (contracts SITE), for pages that set none.
        templateParameters: { siteTitle: SITE.title, siteDescription: SITE.description },
        inject: 'body',
        scriptLoading: 'defer',
        minify: prod,
      }),
      // The chunks behind shell/src/index.ts's import() boundary, fetched with the HTML.
      new FirstViewScriptsPlugin('bootstrap', folder),
      // The files of the signed-in layout and the shell's pages, for the edge's hints (chunk-files.ts).
      new ChunkFilesPlugin(pageShellChunks(), 'bootstrap'),
    );
  }

  return {
    name: app.name,
    mode,
    context,
    target: 'web',
    devtool: prod ? 'source-map' : 'eval-cheap-module-source-map',
    entry: app.kind === 'host' ? { main: app.entry } : {},
    output: {
      path: distDir(app),
      publicPath: app.kind === 'host' ? '/' : 'auto',
      uniqueName: app.name,
      filename: `${hashed}.js`,
      chunkFilename: `${hashed}.js`,
      assetModuleFilename: `${hashed}[ext]`,
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      modules: ['node_modules', path.join(REPO_ROOT, 'node_modules')],
      // react-router's package exports point every condition at its development build; it ships the
      // production one beside it (dist/production, no dev warnings or checks). tools/build-web.ts fails
      // the build when a development build slips into production output.
      alias: prod ? PRODUCTION_ALIASES : {},
    },
    resolveLoader: {
      modules: [path.join(REPO_ROOT, 'node_modules'), 'node_modules'],
    },
    module: {
      rules: [pureSchemasRule(), swcRule(mode), cssRule(), sideEffectFreeRule()],
    },
    plugins,
    optimization: {
      minimize: prod,
      minimizer: ['...', new CssMinimizerPlugin()],
      ...(app.kind === 'host'
        ? { splitChunks: { name: lazySplitChunkName, cacheGroups: LAZY_SHARED_GROUPS } }
        : {}),
      moduleIds: prod ? 'deterministic' : 'named',
      chunkIds: prod ? 'deterministic' : 'named',
    },
    performance: false,
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'warn' },
    cache: prod
      ? false
      : {
          type: 'filesystem',
          cacheDirectory: path.join(REPO_ROOT, 'node_modules', '.cache', 'webpack', app.name),
        },
  };
}
