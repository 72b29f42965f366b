// Builds the web front end (shell + remotes) with webpack's Node API.
//
//   npx tsx tools/build-web.ts                      all five apps, production, into <app>/dist/
//   npx tsx tools/build-web.ts --app shell          one app (repeat --app or comma-separate for more)
//   npx tsx tools/build-web.ts --watch              development build, rebuild on change
//   npx tsx tools/build-web.ts --mode development   unminified one-off build
//
// Exits non-zero on any compile error, and when the shell's initial JS exceeds its gzip budget.
import webpack, { type Configuration, type MultiStats, type Stats } from 'webpack';
import { precompressDir } from './precompress';
import { writeBuildStamp } from './web-build';
import {
  createWebpackConfig,
  developmentBuildsIn,
  findApp,
  formatKb,
  measureApp,
  SHELL_INITIAL_JS_BUDGET,
  WEB_APPS,
  distDir,
  type BuildMode,
  type WebApp,
} from './webpack/index';

interface Args {
  apps: WebApp[];
  watch: boolean;
  mode: BuildMode;
}

function usage(message: string): never {
  console.error(`build-web: ${message}`);
  console.error(
    `usage: tsx tools/build-web.ts [--app ${WEB_APPS.map((a) => a.name).join('|')}]... [--watch] [--mode production|development]`,
  );
  process.exit(2);
}

function parseArgs(argv: string[]): Args {
  const names: string[] = [];
  let watch = false;
  let mode: BuildMode | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const [flag, inline] = arg.includes('=') ? (arg.split('=', 2) as [string, string]) : [arg, undefined];
    const value = () => inline ?? argv[++i] ?? usage(`${flag} needs a value`);
    if (flag === '--app') names.push(...value().split(','));
    else if (flag === '--watch') watch = true;
    else if (flag === '--mode') {
      const m = value();
      if (m !== 'production' && m !== 'development') usage(`unknown mode ${m}`);
      mode = m;
    } else if (flag === '--help' || flag === '-h') usage('help');
    else usage(`unknown argument ${arg}`);
  }
  const apps = names.length
    ? names.map((name) => findApp(name.trim()) ?? usage(`unknown app ${name}`))
    : [...WEB_APPS];
  return { apps, watch, mode: mode ?? (watch ? 'development' : 'production') };
}

function childStats(stats: Stats | MultiStats): Stats[] {
  return 'stats' in stats ? stats.stats : [stats];
}

/** Prints errors and warnings; returns false when any compilation failed. */
function report(stats: Stats | MultiStats): boolean {
  let ok = true;
  for (const child of childStats(stats)) {
    const name = child.compilation.name ?? '?';
    const info = child.toJson({ all: false, errors: true, warnings: true, errorDetails: true });
    for (const w of info.warnings ?? []) console.warn(`[${name}] warning: ${w.message}`);
    if (child.hasErrors()) {
      ok = false;
      for (const e of info.errors ?? [])
        console.error(`[${name}] error: ${e.moduleName ? `${e.moduleName}: ` : ''}${e.message}`);
    }
    const seconds = ((child.endTime - child.startTime) / 1000).toFixed(1);
    console.log(`[${name}] ${child.hasErrors() ? 'FAILED' : 'built'} in ${seconds}s`);
  }
  return ok;
}

/**
 * Prints gzip sizes; returns false when the shell is over its initial-JS budget or a dependency's
 * development build is in any app's output.
 */
function sizeReport(stats: Stats | MultiStats, apps: WebApp[]): boolean {
  let ok = true;
  console.log('\nGzip sizes:');
  for (const child of childStats(stats)) {
    const app = apps.find((a) => a.name === child.compilation.name);
    if (!app) continue;
    const json = child.toJson({ all: false, chunks: true, chunkModules: true, ids: true });
    const sizes = measureApp(app, json);
    const development = developmentBuildsIn(json);
    if (development.length > 0) {
      ok = false;
      console.error(
        `  ${app.name}: development builds in the production output:\n    ${development.join('\n    ')}`,
      );
    }
    if (app.kind === 'host') {
      const over = sizes.initialJs > SHELL_INITIAL_JS_BUDGET;
      if (over) ok = false;
      console.log(
        `  ${app.name.padEnd(10)} initial JS ${formatKb(sizes.initialJs)} (budget ${formatKb(SHELL_INITIAL_JS_BUDGET)}${over ? ', OVER BUDGET' : ''}), all JS ${formatKb(sizes.totalJs)}, CSS ${formatKb(sizes.css)}`,
      );
    } else {
      console.log(
        `  ${app.name.padEnd(10)} remoteEntry.js ${formatKb(sizes.remoteEntry ?? 0)}, all JS ${formatKb(sizes.totalJs)}, CSS ${formatKb(sizes.css)}`,
      );
    }
  }
  return ok;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const configs: Configuration[] = args.apps.map((app) => createWebpackConfig(app, { mode: args.mode }));
  const compiler = webpack(configs);

  if (args.watch) {
    compiler.watch({ aggregateTimeout: 200 }, (err, stats) => {
      if (err) console.error(err);
      else if (stats) report(stats);
    });
    console.log(`build-web: watching ${args.apps.map((a) => a.name).join(', ')} (${args.mode})`);
    return;
  }

  const stats = await new Promise<MultiStats>((resolve, reject) => {
    compiler.run((err, result) => {
      if (err || !result) reject(err ?? new Error('webpack returned no stats'));
      else resolve(result);
    });
  });
  await new Promise<void>((resolve) => compiler.close(() => resolve()));

  const compiled = report(stats);
  if (!compiled) {
    console.error('build-web: compile errors, see above');
    process.exit(1);
  }
  if (args.mode === 'production') {
    // What the edge sends: brotli or gzip copies made once here, chosen per request by Accept-Encoding.
    for (const app of args.apps) {
      const made = precompressDir(distDir(app));
      console.log(
        `[${app.name}] precompressed ${made.files} files: ${formatKb(made.rawBytes)} -> ${formatKb(made.brotliBytes)} brotli, ${formatKb(made.gzipBytes)} gzip`,
      );
    }
  }
  const withinBudget = args.mode === 'production' ? sizeReport(stats, args.apps) : true;
  if (!withinBudget) {
    console.error('build-web: over the page-weight budget, or a development build in production output');
    process.exit(1);
  }
  // webpack leaves an unchanged output file alone (its time does not move), so the staleness check of
  // tools/web-build.ts reads this stamp instead.
  for (const app of args.apps) writeBuildStamp(distDir(app));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
