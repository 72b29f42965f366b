// `npm run bench:test-speed -- <old-ref> [<new-ref>]`: the README's test command (`npm test`) at two commits,
// one after the other on this machine, each from a fresh clone with its own `npm ci` (so each runs on the
// packages and Jest settings of its own commit, and neither finds the other's transform cache). Prints suites,
// tests and seconds for each, and the ratio. Nothing else should run meanwhile: both share the machine's cores.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface Figures {
  ref: string;
  commit: string;
  seconds: number;
  suites: number;
  tests: number;
  failed: number;
}

const repo = process.cwd();
const [oldRef, newRef = 'HEAD'] = process.argv.slice(2);
if (!oldRef) {
  console.error('usage: npm run bench:test-speed -- <old-ref> [<new-ref>]');
  process.exit(2);
}

function measure(ref: string): Figures {
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
    // The README's command, with Jest's own summary written to a file as well.
    const run = spawnSync('npm', ['test', '--', '--json', `--outputFile=${results}`], {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const summary = JSON.parse(readFileSync(results, 'utf8')) as {
      numTotalTestSuites: number;
      numTotalTests: number;
      numFailedTests: number;
    };
    if (run.status !== 0) console.log(`${ref}: npm test exited ${run.status}`);
    return {
      ref,
      commit,
      seconds,
      suites: summary.numTotalTestSuites,
      tests: summary.numTotalTests,
      failed: summary.numFailedTests,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const before = measure(oldRef);
const after = measure(newRef);
for (const f of [before, after]) {
  console.log(
    `${f.ref.padEnd(12)} ${f.commit.slice(0, 10)}  ${f.seconds.toFixed(0).padStart(5)} s  ${f.suites} suites  ` +
      `${f.tests} tests (${f.failed} failed)  ${((f.seconds / f.tests) * 1000).toFixed(0)} ms per test`,
  );
}
console.log(
  `whole run: ${(before.seconds / after.seconds).toFixed(2)}x; per test: ` +
    `${(before.seconds / before.tests / (after.seconds / after.tests)).toFixed(2)}x`,
);
