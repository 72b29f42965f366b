// The files of the shell's lazy chunks that pages need before they can draw (the signed-in layout, the
// shell's own pages: contracts pageShellChunks), written to chunk-files.json beside index.html, so the edge
// can hint them in a page's HTML (services/edge page-hints.ts) instead of the browser finding them one
// after another. Names are hashed; this file is how the edge learns them, as a remote's mf-manifest.json
// tells it the remote's. Files of the first view are left out (the starter loads those already).
import webpack, { type Chunk, type Compilation, type Compiler, type WebpackPluginInstance } from 'webpack';
import { CHUNK_FILES_NAME } from '@marketplace/contracts';
import { firstViewChunks } from './first-view-scripts';

/** chunk-files.json: for each named chunk, the site paths of its own files and of the chunks split from it. */
export type ChunkFiles = Record<string, { js: string[]; css: string[] }>;

export function chunkFilesOf(
  compilation: Compilation,
  names: readonly string[],
  boundary: string,
  publicPath: string,
): ChunkFiles {
  const firstView = new Set<Chunk>([
    ...[...compilation.entrypoints.values()].flatMap((entry) => entry.chunks),
    ...firstViewChunks(compilation, boundary),
  ]);
  const missing = names.filter((name) => !compilation.namedChunkGroups.get(name));
  if (missing.length > 0) {
    throw new Error(`chunk-files: no chunk named ${missing.join(', ')} (contracts PAGE_SOURCES names it)`);
  }
  const result: ChunkFiles = {};
  for (const name of names) {
    const group = compilation.namedChunkGroups.get(name);
    const files = (group?.chunks ?? [])
      .filter((chunk) => !firstView.has(chunk))
      .flatMap((chunk) => [...chunk.files]);
    const paths = (ext: string) =>
      files
        .filter((file) => file.endsWith(ext))
        .sort()
        .map((file) => `${publicPath}${file}`);
    result[name] = { js: paths('.js'), css: paths('.css') };
  }
  return result;
}

export class ChunkFilesPlugin implements WebpackPluginInstance {
  constructor(
    private readonly names: readonly string[],
    private readonly boundary: string,
  ) {}

  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('ChunkFilesPlugin', (compilation) => {
      // Last: after the real content hashes have renamed the files.
      compilation.hooks.processAssets.tap(
        { name: 'ChunkFilesPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const publicPath = String(compilation.outputOptions.publicPath ?? '/');
          const files = chunkFilesOf(compilation, this.names, this.boundary, publicPath);
          compilation.emitAsset(
            CHUNK_FILES_NAME,
            new webpack.sources.RawSource(`${JSON.stringify(files, null, 1)}\n`),
          );
        },
      );
    });
  }
}
