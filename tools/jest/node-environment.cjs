// The unit-node test environment: Jest's node environment, plus what the test files of one worker
// process share. Jest loads this file once per worker and makes an environment of it per test file.
const { readFile } = require('node:fs/promises');
const { dirname, join } = require('node:path');
const { TestEnvironment } = require('jest-environment-node');

// PGlite compiles its 9 MB pglite.wasm and reads its file bundle at every start, and each test file
// imports PGlite anew: compiled once per worker instead, the machine code V8 optimises while one test
// file runs serves the next ones too. Test databases pass both to PGlite (testing/test-database.ts).
let pglite;

// Node 20's Blob.arrayBuffer() reads in 64 kB chunks and joins them (slow for megabytes); one copy here
// (as BytesBlob in testing/pglite-snapshot.ts).
class BytesBlob extends Blob {
  #bytes;
  constructor(bytes) {
    super([bytes]);
    this.#bytes = bytes;
  }
  async arrayBuffer() {
    return new Uint8Array(this.#bytes).buffer;
  }
}

function pgliteArtifacts() {
  pglite ??= (async () => {
    const dist = dirname(require.resolve('@electric-sql/pglite'));
    const [wasm, bundle] = await Promise.all([
      readFile(join(dist, 'pglite.wasm')),
      readFile(join(dist, 'pglite.data')),
    ]);
    return { pgliteWasmModule: await WebAssembly.compile(wasm), fsBundle: new BytesBlob(bundle) };
  })();
  return pglite;
}

class UnitNodeEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    // Started here, outside any test file: a promise first made while a test file's code runs holds on to
    // that file's async context, and with it the whole file's module registry, for the rest of the worker
    // (about 25 MB per test file, measured with --logHeapUsage). A failure shows where a test awaits it.
    pgliteArtifacts().catch(() => undefined);
    const realm = this.global;
    realm.__pgliteArtifacts = async () => {
      const artifacts = await pgliteArtifacts();
      // PGlite asks \`module instanceof WebAssembly.Module\`, and each test file has a WebAssembly of its
      // own: the module takes the current file's prototype (a worker runs one test file at a time;
      // V8 itself looks at the object, not at its prototype).
      Object.setPrototypeOf(artifacts.pgliteWasmModule, realm.WebAssembly.Module.prototype);
      return artifacts;
    };
  }
}

module.exports = UnitNodeEnvironment;
