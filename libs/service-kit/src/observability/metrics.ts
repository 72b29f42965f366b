import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { sql, type Kysely } from 'kysely';
import type { EventBus } from '../bus/types';
import type { UntypedDb } from '../db/database';

/**
 * Every metric name a service registers, in one place: the alert rules and the Grafana dashboard
 * (infra/observability/) are checked against this list, so they cannot drift from the code.
 */
export const METRIC_NAMES = {
  /** Counter {method, route, status_code}: answered HTTP requests (not /metrics, /health, /ready). */
  httpRequests: 'http_requests_total',
  /** Histogram {method, route, status_code}: time from the request's arrival to its answer. */
  httpRequestDuration: 'http_request_duration_seconds',
  /** Gauge {schema}: age of the oldest outbox row not yet published (0 when there is none). */
  outboxOldestAge: 'outbox_oldest_unpublished_age_seconds',
  /** Gauge {schema}: outbox rows not yet published. */
  outboxUnpublished: 'outbox_unpublished_events',
  /** Gauge {durable, stream}: events on the stream the durable consumer has not been handed yet. */
  consumerPending: 'event_consumer_pending_events',
  /** Gauge {durable, stream}: events handed to the consumer and not acknowledged yet (NATS only). */
  consumerAckPending: 'event_consumer_ack_pending_events',
  /** Counter {collector}: scrapes where a collector failed or timed out (its series are then absent). */
  collectorErrors: 'metrics_collector_errors_total',
  /** Gauge: WebSocket connections open on this chat instance (what the autoscaler scales on). */
  chatOpenSockets: 'chat_open_sockets',
  /** Histogram: a chat message's stored time to its write to each socket (see services/chat live/hub.ts). */
  chatMessageDelivery: 'chat_message_delivery_seconds',
  /**
   * Histogram {step}: how long a chat replica takes to greet a new socket, by step (upgrade, subscribe,
   * unread, and total: from the upgrade request's arrival to the welcome frame), see services/chat live/metrics.ts.
   */
  chatSocketGreeting: 'chat_socket_greeting_seconds',
  /** Gauge {state}: unlock payments in each state. */
  paymentsByState: 'payments_by_state',
} as const;

/** The `route` label of requests that matched no route: one value, so the label stays bounded. */
export const UNMATCHED_ROUTE = '(unmatched)';

/** Routes left out of the HTTP metrics: probes and scrapes would drown the traffic they measure. */
export const UNMEASURED_ROUTES: ReadonlySet<string> = new Set(['/metrics', '/health', '/ready']);

/** How long a scrape waits for one collector (a query, a NATS request) before leaving it out. */
const COLLECT_TIMEOUT_MS = 2000;

const HTTP_LABELS = ['method', 'route', 'status_code'] as const;

/**
 * The metrics of one process (or one app in a test): its own registry, so tests that build many apps
 * in one process never collide on prom-client's global default registry. Every series carries the
 * `service` label (edge, accounts, jobs, chat, payments).
 */
export class ServiceMetrics {
  readonly registry = new Registry();
  readonly service: string;
  readonly httpRequests: Counter<(typeof HTTP_LABELS)[number]>;
  readonly httpRequestDuration: Histogram<(typeof HTTP_LABELS)[number]>;
  readonly #collectorErrors: Counter<'collector'>;
  readonly #outboxes = new Map<string, Kysely<unknown>>();
  readonly #timeoutMs: number;
  /** The gauges read on scrape, run before the registry is serialised (see exposition). */
  readonly #collectors: Array<() => Promise<void>> = [];
  /** Counts scrapes, so gauges that share one query share it within a scrape only. */
  #scrape = 0;

  constructor(options: { service: string; defaultMetrics?: boolean; collectTimeoutMs?: number }) {
    this.service = options.service;
    this.#timeoutMs = options.collectTimeoutMs ?? COLLECT_TIMEOUT_MS;
    this.registry.setDefaultLabels({ service: options.service });
    if (options.defaultMetrics ?? true) collectDefaultMetrics({ register: this.registry });
    this.httpRequests = new Counter({
      name: METRIC_NAMES.httpRequests,
      help: 'HTTP requests answered, by method, route pattern and status code.',
      labelNames: HTTP_LABELS,
      registers: [this.registry],
    });
    this.httpRequestDuration = new Histogram({
      name: METRIC_NAMES.httpRequestDuration,
      help: 'Time from receiving an HTTP request to sending its answer, in seconds.',
      labelNames: HTTP_LABELS,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
    this.#collectorErrors = new Counter({
      name: METRIC_NAMES.collectorErrors,
      help: 'Scrapes in which a collector failed or timed out; its series are left out of that scrape.',
      labelNames: ['collector'],
      registers: [this.registry],
    });
    this.#registerOutboxGauges();
  }

  /** Records one answered request (route: the route pattern, undefined when nothing matched). */
  observeRequest(method: string, route: string | undefined, statusCode: number, seconds: number): void {
    if (route !== undefined && UNMEASURED_ROUTES.has(route)) return;
    const labels = { method, route: route ?? UNMATCHED_ROUTE, status_code: String(statusCode) };
    this.httpRequests.inc(labels);
    this.httpRequestDuration.observe(labels, seconds);
  }

  /**
   * A gauge whose value is read when Prometheus scrapes. `read` sets the values (the gauge is reset
   * before); when it throws or takes longer than the collect timeout the gauge is left empty for that
   * scrape and `metrics_collector_errors_total{collector=name}` counts it, so one broken dependency
   * never fails the scrape of everything else.
   */
  gaugeOnScrape<L extends string>(options: {
    name: string;
    help: string;
    labelNames?: readonly L[];
    read: (gauge: Gauge<L>) => Promise<void> | void;
  }): Gauge<L> {
    const gauge = new Gauge<L>({
      name: options.name,
      help: options.help,
      labelNames: options.labelNames ?? [],
      registers: [this.registry],
    });
    this.#collectors.push(() => this.#collectSafely(options.name, gauge, options.read));
    return gauge;
  }

  /** A histogram on this registry (services' own measurements, e.g. chat's delivery latency). */
  histogram<L extends string = never>(options: {
    name: string;
    help: string;
    buckets: number[];
    labelNames?: readonly L[];
  }): Histogram<L> {
    return new Histogram<L>({ ...options, labelNames: options.labelNames ?? [], registers: [this.registry] });
  }

  /**
   * Reports the outbox of a service schema (setupService calls it): one cheap query per scrape over the
   * partial index of unpublished rows.
   */
  watchOutbox(schema: string, db: Kysely<unknown>): void {
    this.#outboxes.set(schema, db);
  }

  /** Reports the lag of every durable consumer running on `bus` (see EventBus.consumerLag). */
  watchConsumers(bus: EventBus): void {
    // Both gauges come from one request per consumer per scrape.
    const once = this.#oncePerScrape(() => bus.consumerLag());
    this.gaugeOnScrape({
      name: METRIC_NAMES.consumerPending,
      help: 'Events on the stream that the durable consumer has not been handed yet.',
      labelNames: ['durable', 'stream'],
      read: async (gauge) => {
        for (const lag of await once()) gauge.set({ durable: lag.durable, stream: lag.stream }, lag.pending);
      },
    });
    this.gaugeOnScrape({
      name: METRIC_NAMES.consumerAckPending,
      help: 'Events handed to the durable consumer and not acknowledged yet (NATS JetStream only).',
      labelNames: ['durable', 'stream'],
      read: async (gauge) => {
        for (const lag of await once()) {
          if (lag.ackPending !== undefined) {
            gauge.set({ durable: lag.durable, stream: lag.stream }, lag.ackPending);
          }
        }
      },
    });
  }

  /** The exposition Prometheus reads, and its content type. */
  async exposition(): Promise<{ contentType: string; body: string }> {
    this.#scrape++;
    // All collectors first (never rejecting), so the error counter already counts this scrape's failures.
    await Promise.all(this.#collectors.map((collect) => collect()));
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  #registerOutboxGauges(): void {
    // One query per schema per scrape, shared by both gauges.
    const read = this.#oncePerScrape(() =>
      Promise.all([...this.#outboxes].map(async ([schema, db]) => ({ schema, ...(await outboxState(db)) }))),
    );
    this.gaugeOnScrape({
      name: METRIC_NAMES.outboxOldestAge,
      help: 'Age in seconds of the oldest outbox row not yet published to the bus (0: none waiting).',
      labelNames: ['schema'],
      read: async (gauge) => {
        for (const row of await read()) gauge.set({ schema: row.schema }, row.oldestAge);
      },
    });
    this.gaugeOnScrape({
      name: METRIC_NAMES.outboxUnpublished,
      help: 'Outbox rows not yet published to the bus.',
      labelNames: ['schema'],
      read: async (gauge) => {
        for (const row of await read()) gauge.set({ schema: row.schema }, row.count);
      },
    });
  }

  #oncePerScrape<T>(read: () => Promise<T>): () => Promise<T> {
    let cached: { scrape: number; value: Promise<T> } | undefined;
    return () => {
      if (cached?.scrape !== this.#scrape) cached = { scrape: this.#scrape, value: read() };
      return cached.value;
    };
  }

  async #collectSafely<L extends string>(
    collector: string,
    gauge: Gauge<L>,
    read: (gauge: Gauge<L>) => Promise<void> | void,
  ): Promise<void> {
    gauge.reset();
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        read(gauge),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('timed out')), this.#timeoutMs);
        }),
      ]);
    } catch {
      // Half-set values would mislead more than none.
      gauge.reset();
      this.#collectorErrors.inc({ collector });
    } finally {
      clearTimeout(timer);
    }
  }
}

async function outboxState(db: Kysely<unknown>): Promise<{ count: number; oldestAge: number }> {
  // `db` is bound to the service schema (schemaDb), so the builder's `outbox` is that schema's table.
  const row = await (db as UntypedDb)
    .selectFrom('outbox')
    .select([
      sql<string | number>`count(*)`.as('count'),
      sql<string | number | null>`extract(epoch from now() - min(created_at))`.as('oldest_age'),
    ])
    .where('published_at', 'is', null)
    .executeTakeFirst();
  return { count: Number(row?.count ?? 0), oldestAge: Math.max(0, Number(row?.oldest_age ?? 0)) };
}
