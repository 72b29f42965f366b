import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE: string = (require('axe-core') as { source: string }).source;

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

/** Serious and critical axe-core violations on the current page. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated, not added as an inline <script>: the edge's Content-Security-Policy refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(o: unknown): Promise<{ violations: unknown[] }> } }).axe;
    return axe.run({ resultTypes: ['violations'] });
  })) as { violations: AxeViolation[] };
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** One line per violation: "rule: target, target". */
export function violationLines(violations: AxeViolation[]): string[] {
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
