import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What `matchlog_build_info` says: which build runs, on which Node, over which store. */
export interface BuildInfo {
  version: string;
  store: 'sqlite' | 'eventstoredb';
}

/** What an event store reports after each commit that wrote events. */
export interface CommitReport {
  /** Appends (one per stream write) in the commit: the group commit's batch size. */
  appends: number;
  events: number;
  /** Of those events, the recorded decisions (`DecisionMade`), by the match's ruleset. */
  decisionsByRuleset: ReadonlyMap<string, number>;
}

/** What the metrics count of an appended event: its type, and a decision's ruleset. */
export interface CountedEvent {
  type: string;
  ruleset?: string;
}

const DECISION_MADE = 'DecisionMade';
/** A decision whose metadata names no ruleset (none of the service's own). */
const UNKNOWN_RULESET = 'unknown';

/** An event to append, as the metrics count it: a match event's metadata names its ruleset. */
export function countedEvent(event: { type: string; meta: unknown }): CountedEvent {
  if (event.type !== DECISION_MADE) return { type: event.type };
  const ruleset = (event.meta as { ruleset?: { id?: unknown } } | null)?.ruleset?.id;
  return { type: event.type, ruleset: typeof ruleset === 'string' ? ruleset : UNKNOWN_RULESET };
}

/** The report of one commit, from the events of each append it wrote. */
export function commitReport(eventsPerAppend: readonly (readonly CountedEvent[])[]): CommitReport {
  let events = 0;
  const decisionsByRuleset = new Map<string, number>();
  for (const appended of eventsPerAppend) {
    events += appended.length;
    for (const { type, ruleset } of appended)
      if (type === DECISION_MADE) {
        const key = ruleset ?? UNKNOWN_RULESET;
        decisionsByRuleset.set(key, (decisionsByRuleset.get(key) ?? 0) + 1);
      }
  }
  return { appends: eventsPerAppend.length, events, decisionsByRuleset };
}

/** Something the metrics read when they are scraped (the read models' lag, open streams). */
export type GaugeSource = () => number | Promise<number>;

/**
 * The service's Prometheus metrics, in a registry of its own (two apps in one test process
 * never share counters). Requests are observed where the access line is written, commits by
 * the event store, and the rest is read when `/metrics` is scraped.
 */
export class ServiceMetrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: 'matchlog_http_requests_total',
    help: 'HTTP requests answered, by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  private readonly requestSeconds = new Histogram({
    name: 'matchlog_http_request_duration_seconds',
    help: 'Time from a request’s arrival to its answer, by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [this.registry],
  });
  private readonly events = new Counter({
    name: 'matchlog_events_appended_total',
    help: 'Events appended to the event store',
    registers: [this.registry],
  });
  private readonly decisions = new Counter({
    name: 'matchlog_decisions_recorded_total',
    help: 'Decisions recorded (DecisionMade events appended), by the match’s ruleset',
    labelNames: ['ruleset'] as const,
    registers: [this.registry],
  });
  private readonly batchSizes = new Histogram({
    name: 'matchlog_store_commit_appends',
    help: 'Appends written by one commit of the event store (the group commit’s batch size)',
    buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256],
    registers: [this.registry],
  });

  private readonly readModelFailures = new Counter({
    name: 'matchlog_read_model_failures_total',
    help: 'Failures of the read-model projection (each logged, then retried with backoff)',
    registers: [this.registry],
  });

  /** @param build absent in the offline tools, which are never scraped */
  constructor(build?: BuildInfo) {
    // Process memory, CPU, handles, GC and event-loop delay.
    collectDefaultMetrics({ register: this.registry, prefix: 'matchlog_' });
    if (build !== undefined)
      new Gauge({
        name: 'matchlog_build_info',
        help: 'Always 1: the version that runs, its Node and its event store, as labels',
        labelNames: ['version', 'node', 'store'] as const,
        registers: [this.registry],
      }).set({ version: build.version, node: process.version, store: build.store }, 1);
  }

  observeRequest(method: string, route: string, status: number, seconds: number): void {
    this.requests.inc({ method, route, status });
    this.requestSeconds.observe({ method, route, status }, seconds);
  }

  /** Passed to the event store: called after each commit that wrote events. */
  readonly observeCommit = (report: CommitReport): void => {
    this.events.inc(report.events);
    for (const [ruleset, count] of report.decisionsByRuleset)
      this.decisions.inc({ ruleset }, count);
    this.batchSizes.observe(report.appends);
  };

  countReadModelFailure(): void {
    this.readModelFailures.inc();
  }

  /** A gauge whose value is read at each scrape. */
  gauge(name: string, help: string, source: GaugeSource): void {
    new Gauge({
      name,
      help,
      registers: [this.registry],
      async collect() {
        this.set(await source());
      },
    });
  }

  /** A counter whose total is kept elsewhere and read at each scrape (it only grows there). */
  counter(name: string, help: string, source: GaugeSource): void {
    new Counter({
      name,
      help,
      registers: [this.registry],
      async collect() {
        const total = await source();
        this.reset();
        this.inc(total);
      },
    });
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
