import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { METRIC_NAMES, ServiceMetrics } from '@marketplace/service-kit';
import { parse } from 'yaml';

// The alert rules and the dashboard name metrics by string; the services register them from
// METRIC_NAMES (and prom-client's process metrics). A renamed metric must fail here, not in production.

const here = __dirname;

interface AlertRule {
  alert?: string;
  expr?: string;
  for?: string;
  annotations?: Record<string, string>;
}

const rules = parse(readFileSync(join(here, 'alert-rules.yml'), 'utf8')) as {
  groups: Array<{ name: string; rules: AlertRule[] }>;
};
const dashboard = JSON.parse(readFileSync(join(here, 'grafana-dashboard.json'), 'utf8')) as {
  panels: Array<{ title: string; type: string; targets?: Array<{ expr: string }>; panels?: unknown[] }>;
  templating: { list: Array<{ definition?: string }> };
};

/** Series Prometheus makes itself, not the services. */
const PROMETHEUS_SERIES = new Set(['up']);

/** Every metric name a process registers: its registry as built by the kit, and the services' own names. */
async function registeredNames(): Promise<Set<string>> {
  const metrics = new ServiceMetrics({ service: 'check' });
  const names = new Set<string>(Object.values(METRIC_NAMES));
  for (const metric of await metrics.registry.getMetricsAsJSON()) {
    names.add(metric.name);
    // A histogram is queried through its series.
    if (String(metric.type) === 'histogram')
      for (const suffix of ['_bucket', '_sum', '_count']) names.add(metric.name + suffix);
  }
  // The histograms a service registers itself (services/chat/src/live/metrics.ts).
  for (const histogram of [METRIC_NAMES.chatMessageDelivery, METRIC_NAMES.chatSocketGreeting])
    for (const suffix of ['_bucket', '_sum', '_count']) names.add(histogram + suffix);
  return names;
}

const KEYWORDS = new Set([
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'and',
  'or',
  'unless',
  'bool',
  'offset',
]);

/** The metric names a PromQL expression reads (not functions, keywords, labels or numbers). */
function metricNamesIn(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""') // label values
    .replace(/\{[^}]*\}/g, ' ') // label matchers
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ') // label lists
    .replace(/\[[^\]]*\]/g, ' ') // ranges and subqueries
    .replace(/\$\w+/g, ' ') // Grafana variables
    .replace(/\b\d+(?:\.\d+)?(?:ms|s|m|h|d|w|y)?\b/g, ' '); // numbers and durations (offset 5m)
  const names: string[] = [];
  for (const match of bare.matchAll(/[A-Za-z_:][A-Za-z0-9_:]*/g)) {
    const token = match[0];
    const next = bare.slice((match.index ?? 0) + token.length).trimStart();
    if (next.startsWith('(') || KEYWORDS.has(token)) continue; // a function or aggregation
    if (/^\d/.test(token) || /^(?:e|Inf|NaN)$/i.test(token)) continue;
    names.push(token);
  }
  return names;
}

const alertRules = rules.groups.flatMap((group) => group.rules);

function dashboardExpressions(): Array<{ panel: string; expr: string }> {
  const all: Array<{ panel: string; expr: string }> = [];
  const walk = (panels: typeof dashboard.panels) => {
    for (const panel of panels) {
      for (const target of panel.targets ?? []) all.push({ panel: panel.title, expr: target.expr });
      if (panel.panels) walk(panel.panels as typeof dashboard.panels);
    }
  };
  walk(dashboard.panels);
  for (const variable of dashboard.templating.list) {
    if (variable.definition)
      all.push({ panel: 'variable', expr: variable.definition.replace(/^label_values\((\w+).*$/, '$1') });
  }
  return all;
}

describe('infra/observability', () => {
  it('reads PromQL metric names the way Prometheus would', () => {
    expect(
      metricNamesIn(
        'sum by (service, le) (rate(http_request_duration_seconds_bucket{status_code=~"5.."}[5m])) / on (service) up > 0.5 and foo:bar offset 5m',
      ),
    ).toEqual(['http_request_duration_seconds_bucket', 'up', 'foo:bar']);
  });

  it('alerts only on metrics the services register', async () => {
    const known = await registeredNames();
    expect(alertRules.length).toBeGreaterThanOrEqual(5);
    for (const rule of alertRules) {
      const names = metricNamesIn(rule.expr ?? '');
      expect([rule.alert, names.length > 0]).toEqual([rule.alert, true]);
      for (const name of names) {
        expect([rule.alert, name, known.has(name) || PROMETHEUS_SERIES.has(name)]).toEqual([
          rule.alert,
          name,
          true,
        ]);
      }
    }
  });

  it('gives every alert a name, a duration and a description of what it means and what to do first', () => {
    const names = alertRules.map((rule) => rule.alert);
    expect(new Set(names).size).toBe(names.length);
    for (const rule of alertRules) {
      expect(rule).toMatchObject({
        alert: expect.any(String),
        expr: expect.any(String),
        for: expect.stringMatching(/^\d+[smh]$/),
      });
      expect([rule.alert, (rule.annotations?.description ?? '').length > 80]).toEqual([rule.alert, true]);
    }
    // The alerts the runbook relies on are there.
    expect(names).toEqual(
      expect.arrayContaining([
        'ServiceDown',
        'HighServerErrorRate',
        'OutboxNotPublishing',
        'ConsumerLagGrowing',
        'ChatSocketsNearCapacity',
      ]),
    );
  });

  it('charts only metrics the services register, and every area the operators watch', async () => {
    const known = await registeredNames();
    const expressions = dashboardExpressions();
    for (const { panel, expr } of expressions) {
      const names = metricNamesIn(expr);
      expect([panel, names.length > 0]).toEqual([panel, true]);
      for (const name of names) expect([panel, name, known.has(name)]).toEqual([panel, name, true]);
    }
    const charted = new Set(expressions.flatMap(({ expr }) => metricNamesIn(expr)));
    for (const name of [
      METRIC_NAMES.httpRequests,
      `${METRIC_NAMES.httpRequestDuration}_bucket`,
      METRIC_NAMES.outboxOldestAge,
      METRIC_NAMES.consumerPending,
      METRIC_NAMES.chatOpenSockets,
      `${METRIC_NAMES.chatMessageDelivery}_bucket`,
      `${METRIC_NAMES.chatSocketGreeting}_bucket`,
      METRIC_NAMES.paymentsByState,
    ]) {
      expect([name, charted.has(name)]).toEqual([name, true]);
    }
  });
});
