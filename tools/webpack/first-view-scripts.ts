// The shell's first view needs more than main.js: the `bootstrap` chunk behind Module Federation's async
// boundary, the chunks it was split into, and the chunks that provide the shared libraries it consumes
// (react, react-dom, the router). Left to the runtime, each is requested only after main.js has run (a
// round trip later) and inserted from JavaScript one by one. Here a small starter script asks for all of
// them at once, and runs them in order, once the browser has painted the first frame: the page the edge drew
// (its content and its inline styles, complete on their own) is on screen before any of the app's files
// is even asked for, so the first paint never shares the connection with them, and each script is then
// evaluated in a task of its own. Their stylesheets are hinted in the head inside a `<template>`
// (AFTER_PAINT_HINTS), which fetches nothing until the starter moves its links into the head with the
// scripts, so the runtime's own <link> is a cache hit. webpack's chunk loading finds the scripts installed,
// or their tags present, and fetches nothing twice.
//
// Why after the paint and not with the HTML: asked for from the head, the files raced the first paint,
// and Lighthouse's simulation counts every file that finished before the largest paint as needed for it:
// on a local server some of them always did, a different set each run, so its LCP went from 0.9 to 2.6 s
// on the same build. Asked for after the paint, none of them can be.
//
// Each of those scripts also starts with V8's per-file compile hint (COMPILE_HINT): almost every function in
// them runs in the first view, and without the hint V8 compiles each one on the main thread the first
// time it is called (React DOM's renderer, the router, the federation runtime), inside the tasks that
// make up the page's blocking time. With it, Chromium compiles them on the thread that streams the
// script in. Pages loaded on demand are left to lazy compilation: much of them may never run.
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { createHash } from 'node:crypto';
import webpack, {
  type Chunk,
  type Compilation,
  type Compiler,
  type Module,
  type WebpackPluginInstance,
} from 'webpack';
import { AFTER_PAINT_HINTS } from '@marketplace/contracts';
import { LAZY_CHUNK_PREFIX } from './sizes';

/** Chromium's explicit compile hint for a whole file (it must open the file). */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** Module Federation's module types (lib/Constants in @module-federation/enhanced). */
const PROVIDE_MODULE = 'provide-module';
const CONSUME_MODULE = 'consume-shared-module';

const isLazy = (chunk: Chunk) => (chunk.name ?? '').startsWith(LAZY_CHUNK_PREFIX);

/** The share key a provide or consume module stands for (their option fields differ). */
function shareKeyOf(module: Module): string | undefined {
  if (module.type === PROVIDE_MODULE) return (module as unknown as { _name?: string })._name;
  if (module.type === CONSUME_MODULE)
    return (module as unknown as { options?: { shareKey?: string } }).options?.shareKey;
  return undefined;
}

/**
 * The chunks of the named async boundary and, transitively, of the shared libraries they consume,
 * lazy pages excepted, in a stable order.
 */
export function firstViewChunks(compilation: Compilation, boundary: string): Chunk[] {
  const group = compilation.namedChunkGroups.get(boundary);
  if (!group) return [];
  const { chunkGraph } = compilation;
  const providers = new Map<string, Module[]>();
  for (const module of compilation.modules) {
    const key = module.type === PROVIDE_MODULE ? shareKeyOf(module) : undefined;
    if (key) providers.set(key, [...(providers.get(key) ?? []), module]);
  }
  const found = new Set<Chunk>();
  const queue = [...group.chunks];
  while (queue.length > 0) {
    const chunk = queue.shift() as Chunk;
    if (found.has(chunk) || isLazy(chunk)) continue;
    found.add(chunk);
    for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
      if (module.type !== CONSUME_MODULE) continue;
      for (const provider of providers.get(shareKeyOf(module) ?? '') ?? []) {
        for (const block of provider.blocks) {
          queue.push(...(chunkGraph.getBlockChunkGroup(block)?.chunks ?? []));
        }
      }
    }
  }
  return [...found];
}

/**
 * The starter: after the first frame (a requestAnimationFrame callback runs just before a frame is painted;
 * the timeout after it, once it has been), moves the links of the head's after-paint templates into the
 * head and adds the scripts, run in order (async=false). A hidden tab paints no frames, so there it starts
 * at once.
 */
export function starterScript(scripts: string[]): string {
  return (
    `(function(){var s=${JSON.stringify(scripts)};` +
    `function go(){document.querySelectorAll("template[${AFTER_PAINT_HINTS}]").forEach(function(t){document.head.appendChild(t.content)});` +
    `s.forEach(function(u){var e=document.createElement("script");e.src=u;e.async=false;document.body.appendChild(e)})}` +
    `if(document.visibilityState==="hidden")go();else requestAnimationFrame(function(){setTimeout(go,0)})})();\n`
  );
}

export class FirstViewScriptsPlugin implements WebpackPluginInstance {
  /** `folder`: where the starter goes in the output, beside the other scripts (e.g. `static/`). */
  constructor(
    private readonly boundary: string,
    private readonly folder = '',
  ) {}

  apply(compiler: Compiler): void {
    compiler.hooks.compilation.tap('FirstViewScriptsPlugin', (compilation) => {
      // After minification (which would drop the comment) and before the source maps are made (so they
      // count the added line).
      compilation.hooks.processAssets.tap(
        {
          name: 'FirstViewScriptsPlugin',
          stage: webpack.Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING - 1,
        },
        () => {
          const entryChunks = [...compilation.entrypoints.values()].flatMap((entry) => entry.chunks);
          const chunks = new Set([...entryChunks, ...firstViewChunks(compilation, this.boundary)]);
          const scripts = new Set([...chunks].flatMap((chunk) => [...chunk.files]));
          for (const file of scripts) {
            if (!file.endsWith('.js')) continue;
            compilation.updateAsset(file, (source) => new webpack.sources.ConcatSource(COMPILE_HINT, source));
          }
        },
      );
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('FirstViewScriptsPlugin', (data) => {
        const { publicPath } = data;
        const files = firstViewChunks(compilation, this.boundary).flatMap((chunk) => [...chunk.files]);
        const entryScripts = data.bodyTags.filter((tag) => tag.tagName === 'script' && tag.attributes.src);
        const scripts = [
          ...entryScripts.map((tag) => String(tag.attributes.src)),
          ...files
            .filter((f) => f.endsWith('.js'))
            .sort()
            .map((f) => `${publicPath}${f}`),
        ];
        const styles = files
          .filter((f) => f.endsWith('.css'))
          .sort()
          .map((f) => `${publicPath}${f}`);
        const starter = starterScript(scripts);
        // Named by its content like every script, and marked so, so that webpack renames it too when the
        // names of the scripts in it change after this (realContentHash, once the compile hints are added):
        // a browser holding the old starter for a year must never be sent new content under its name.
        const contenthash = createHash('sha256').update(starter).digest('hex').slice(0, 8);
        const starterFile = `${this.folder}start.${contenthash}.js`;
        compilation.emitAsset(starterFile, new webpack.sources.RawSource(starter), {
          contenthash,
          immutable: true,
        });

        // The stylesheets' hints wait in a template for the starter (see the top of this file).
        if (styles.length > 0) {
          const links = styles.map((href) => `<link rel="preload" as="style" href="${href}">`).join('');
          data.headTags.push(
            HtmlWebpackPlugin.createHtmlTagObject('template', { [AFTER_PAINT_HINTS]: true }, links),
          );
        }
        data.bodyTags = [
          ...data.bodyTags.filter((tag) => !entryScripts.includes(tag)),
          HtmlWebpackPlugin.createHtmlTagObject('script', {
            defer: true,
            src: `${publicPath}${starterFile}`,
          }),
        ];
        return data;
      });
    });
  }
}
