// Lighthouse as a phone user meets the site: mobile form factor, default simulated throttling, Debian's
// Chromium. One fresh Chromium per page so no cache or service worker carries over between pages.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { freePort } from '@marketplace/service-kit/testing';

export interface LighthouseFigures {
  performance: number;
  'LCP (s)': string;
  'TBT (ms)': number;
  CLS: string;
  accessibility: number;
  'best practices': number;
  'transferred (KB)': string;
  'JS transferred (KB)': string;
  /** Lighthouse's measure of this machine's speed at the time (higher is faster): TBT and LCP follow it. */
  'benchmark index': number;
}

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

async function withChromium<T>(run: (port: number) => Promise<T>): Promise<T> {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'bench-lh-'));
  const chromium = spawn(
    CHROMIUM,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--user-data-dir=${profile}`,
      `--remote-debugging-port=${port}`,
      'about:blank',
    ],
    { stdio: 'ignore', env: { ...process.env, HOME: profile } },
  );
  try {
    const deadline = Date.now() + 20_000;
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) break;
      } catch {
        // not up yet
      }
      if (Date.now() > deadline) throw new Error('Chromium did not open its debugging port');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return await run(port);
  } finally {
    const exited = new Promise((resolve) => chromium.once('exit', resolve));
    chromium.kill('SIGKILL');
    await exited;
    // Its helper processes may still be writing to the profile for a moment; a leftover temporary
    // profile is not worth losing the figures over.
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch (error) {
      console.warn(`could not remove the temporary profile ${profile}: ${String(error)}`);
    }
  }
}

type Audits = Record<string, { numericValue?: number; details?: { items?: unknown[] } } | undefined>;

function transferredBytes(audits: Audits, resourceType?: string): number {
  const items = (audits['network-requests']?.details?.items ?? []) as Array<{
    transferSize?: number;
    resourceType?: string;
  }>;
  return items
    .filter((item) => !resourceType || item.resourceType === resourceType)
    .reduce((total, item) => total + (item.transferSize ?? 0), 0);
}

export interface LighthouseRun {
  figures: LighthouseFigures;
  /** The address the page showed at the end (a signed-in page whose session failed ends on /login). */
  finalUrl: string;
  /** Why Lighthouse could not measure the page (its figures are then 0 and NaN), e.g. NO_NAVSTART. */
  runtimeError?: string;
}

/**
 * One Lighthouse run of `url` in a fresh Chromium. `prepare` gets the browser's debugging port before
 * the run (to sign in: cookies and local storage stay, Lighthouse 12 clears only the HTTP cache, service
 * workers, cache storage and file systems before it loads the page).
 */
export async function lighthousePage(
  url: string,
  options: { prepare?: (debuggingPort: number) => Promise<void>; reportName?: string } = {},
): Promise<LighthouseRun> {
  const { prepare } = options;
  return withChromium(async (port) => {
    await prepare?.(port);
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    });
    if (!result) throw new Error(`lighthouse gave no result for ${url}`);
    // BENCH_LIGHTHOUSE_REPORTS=<folder> keeps each page's full report (what to fix, not just the score).
    const reports = process.env.BENCH_LIGHTHOUSE_REPORTS;
    if (reports) {
      mkdirSync(reports, { recursive: true });
      const name = options.reportName ?? (new URL(url).pathname.replace(/[^\w-]+/g, '_') || 'home');
      writeFileSync(join(reports, `${name}.json`), String(result.report));
    }
    const { categories, audits, environment, runtimeError, finalDisplayedUrl } = result.lhr as unknown as {
      finalDisplayedUrl: string;
      categories: Record<string, { score: number | null }>;
      audits: Audits;
      environment: { benchmarkIndex?: number };
      runtimeError?: { code: string; message: string };
    };
    // A run Lighthouse could not measure scores 0 with no figures: say why rather than leave a bare 0.
    if (runtimeError) console.warn(`lighthouse ${url}: ${runtimeError.code}: ${runtimeError.message}`);
    const score = (name: string) => Math.round((categories[name]?.score ?? 0) * 100);
    const value = (name: string) => audits[name]?.numericValue ?? Number.NaN;
    const figures: LighthouseFigures = {
      performance: score('performance'),
      'LCP (s)': (value('largest-contentful-paint') / 1000).toFixed(2),
      'TBT (ms)': Math.round(value('total-blocking-time')),
      CLS: value('cumulative-layout-shift').toFixed(3),
      accessibility: score('accessibility'),
      'best practices': score('best-practices'),
      'transferred (KB)': (transferredBytes(audits) / 1024).toFixed(1),
      'JS transferred (KB)': (transferredBytes(audits, 'Script') / 1024).toFixed(1),
      'benchmark index': Math.round(environment.benchmarkIndex ?? Number.NaN),
    };
    return {
      figures,
      finalUrl: finalDisplayedUrl,
      ...(runtimeError ? { runtimeError: runtimeError.code } : {}),
    };
  });
}
