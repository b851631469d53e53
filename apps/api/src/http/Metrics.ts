/** Histogram buckets of request durations, in seconds. */
export const DURATION_BUCKETS_S = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const

type Series = { count: number; sum: number; buckets: number[] }

/**
 * The counters of dependency faults (docs/operations.md names each): an RPC upstream attempt that failed,
 * an indexer step that failed, an email that could not be sent, a start-up attempt that found a
 * dependency out of reach, Redis lost under the rate limits and the requests they counted locally meanwhile.
 */
export const COUNTERS = {
  frontdoor_rpc_upstream_failures_total:
    'RPC upstream attempts that failed (refused, timed out, 5xx), by chain.',
  frontdoor_indexer_step_failures_total:
    'Indexer steps that failed (the chain or the database out of reach), by chain.',
  frontdoor_email_failures_total: 'Emails that could not be sent (SMTP refused, timed out or failed).',
  frontdoor_startup_waits_total: 'Start-up attempts that found a dependency out of reach, by dependency.',
  frontdoor_redis_outages_total: 'Times the API lost Redis (its rate limits then count in each process).',
  frontdoor_rate_limit_fallbacks_total:
    'Requests whose rate limit was counted in this process because Redis was out of reach.',
} as const

/** Request counts and durations by method, route and status, rendered in Prometheus text format. */
export type Metrics = {
  observe: (labels: { method: string; route: string; status: number }, seconds: number) => void
  /** Adds one to a counter of {@link COUNTERS}. */
  count: (name: keyof typeof COUNTERS, labels?: Record<string, string>) => void
  render: () => string
}

/** Creates an empty registry. */
export function create(): Metrics {
  const series = new Map<string, Series>()
  const counters = new Map<keyof typeof COUNTERS, Map<string, number>>()
  const escapeLabel = (value: string) =>
    value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')
  return {
    observe(labels, seconds) {
      const key = `method="${escapeLabel(labels.method)}",route="${escapeLabel(labels.route)}",status="${labels.status}"`
      let entry = series.get(key)
      if (!entry) {
        entry = { count: 0, sum: 0, buckets: DURATION_BUCKETS_S.map(() => 0) }
        series.set(key, entry)
      }
      entry.count += 1
      entry.sum += seconds
      DURATION_BUCKETS_S.forEach((bound, i) => {
        if (seconds <= bound) entry.buckets[i]! += 1
      })
    },
    count(name, labels = {}) {
      const key = Object.entries(labels)
        .map(([label, value]) => `${label}="${escapeLabel(value)}"`)
        .join(',')
      const values = counters.get(name) ?? new Map<string, number>()
      counters.set(name, values)
      values.set(key, (values.get(key) ?? 0) + 1)
    },
    render() {
      const lines = [
        '# HELP frontdoor_http_requests_total HTTP requests by method, route and status.',
        '# TYPE frontdoor_http_requests_total counter',
      ]
      for (const [key, entry] of series) lines.push(`frontdoor_http_requests_total{${key}} ${entry.count}`)
      lines.push(
        '# HELP frontdoor_http_request_duration_seconds HTTP request durations by method, route and status.',
        '# TYPE frontdoor_http_request_duration_seconds histogram',
      )
      for (const [key, entry] of series) {
        DURATION_BUCKETS_S.forEach((bound, i) => {
          lines.push(
            `frontdoor_http_request_duration_seconds_bucket{${key},le="${bound}"} ${entry.buckets[i]}`,
          )
        })
        lines.push(`frontdoor_http_request_duration_seconds_bucket{${key},le="+Inf"} ${entry.count}`)
        lines.push(`frontdoor_http_request_duration_seconds_sum{${key}} ${entry.sum}`)
        lines.push(`frontdoor_http_request_duration_seconds_count{${key}} ${entry.count}`)
      }
      for (const [name, help] of Object.entries(COUNTERS) as [keyof typeof COUNTERS, string][]) {
        lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} counter`)
        const values = counters.get(name)
        if (!values?.size) lines.push(`${name} 0`)
        for (const [key, value] of values ?? [])
          lines.push(key ? `${name}{${key}} ${value}` : `${name} ${value}`)
      }
      return `${lines.join('\n')}\n`
    },
  }
}
