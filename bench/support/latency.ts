// Latency figures shared by the benches: the percentile of a set of timings, and timing one async call
// many times in a row (after a warm-up), so every bench reports p50/p99 the same way.
import { performance } from 'node:perf_hooks';

/** The p-th percentile (nearest rank) of `values`, in their unit; NaN for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export interface Timings {
  runs: number;
  p50: number;
  p99: number;
  max: number;
}

/** Runs `call` `warmUp` times untimed, then `runs` times one after another; milliseconds. */
export async function timeCalls(call: () => Promise<unknown>, runs: number, warmUp = 10): Promise<Timings> {
  for (let i = 0; i < warmUp; i += 1) await call();
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await call();
    samples.push(performance.now() - started);
  }
  return {
    runs,
    p50: percentile(samples, 50),
    p99: percentile(samples, 99),
    max: Math.max(...samples),
  };
}
