// `npm run bench:test-speed -- <old-ref> [<new-ref>]`: the README's test command (`npm test`) at two commits,
// one after the other on this machine, each from a fresh clone with its own `npm ci` (so each runs on the
// packages and Jest settings of its own commit, and neither finds the other's transform cache). Prints suites,
// tests and seconds for each, and the ratio. Then the same command at the new commit on only the test files
// the old run ran (those still there): the old suite's own files, today, as a third figure. Nothing else
// should run meanwhile: they share the machine's cores.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

interface Figures {
  ref: string;
  commit: string;
  seconds: number;
  suites: number;
  tests: number;
  failed: number;
  /** The test files the run ran, relative to the repository. */
  files: string[];
}

const repo = process.cwd();
const [oldRef, newRef = 'HEAD'] = process.argv.slice(2);
if (!oldRef) {
  console.error('usage: npm run bench:test-speed -- <old-ref> [<new-ref>]');
  process.exit(2);
}

/** `npm test` at `ref` in a fresh clone; with `only`, on those test files alone (the ones that exist). */
function measure(ref: string, only?: readonly string[]): Figures {
  const commit = execFileSync('git', ['rev-parse', `${ref}^{commit}`], {
    cwd: repo,
    encoding: 'utf8',
  }).trim();
  const dir = mkdtempSync(join(tmpdir(), `test-speed-${commit.slice(0, 8)}-`));
  try {
    execFileSync('git', ['clone', '--quiet', repo, dir]);
    execFileSync('git', ['checkout', '--quiet', commit], { cwd: dir });
    console.log(`${ref} (${commit.slice(0, 10)}): npm ci in ${dir}`);
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: dir,
      stdio: 'inherit',
    });
    const results = join(dir, 'jest-results.json');
    const started = process.hrtime.bigint();
    const files = only?.filter((file) => existsSync(join(dir, file)));
    // The README's command, with Jest's own summary written to a file as well.
    const paths = files ? ['--runTestsByPath', ...files] : [];
    const run = spawnSync('npm', ['test', '--', '--json', `--outputFile=${results}`, ...paths], {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const summary = JSON.parse(readFileSync(results, 'utf8')) as {
      numTotalTestSuites: number;
      numTotalTests: number;
      numFailedTests: number;
      testResults: Array<{ name: string }>;
    };
    if (run.status !== 0) console.log(`${ref}: npm test exited ${run.status}`);
    return {
      ref,
      commit,
      seconds,
      suites: summary.numTotalTestSuites,
      tests: summary.numTotalTests,
      failed: summary.numFailedTests,
      files: summary.testResults.map((result) => relative(dir, result.name)),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const before = measure(oldRef);
const after = measure(newRef);
const sameFiles = { ...measure(newRef, before.files), ref: `${newRef}, old files` };
for (const f of [before, after, sameFiles]) {
  console.log(
    `${f.ref.padEnd(20)} ${f.commit.slice(0, 10)}  ${f.seconds.toFixed(0).padStart(5)} s  ${f.suites} suites  ` +
      `${f.tests} tests (${f.failed} failed)  ${((f.seconds / f.tests) * 1000).toFixed(0)} ms per test`,
  );
}
console.log(
  `whole run: ${(before.seconds / after.seconds).toFixed(2)}x; per test: ` +
    `${(before.seconds / before.tests / (after.seconds / after.tests)).toFixed(2)}x; ` +
    `the old run's ${sameFiles.suites} files: ${(before.seconds / sameFiles.seconds).toFixed(2)}x`,
);
