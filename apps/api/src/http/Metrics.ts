/** Histogram buckets of request durations, in seconds. */
export const DURATION_BUCKETS_S = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const

type Series = { count: number; sum: number; buckets: number[] }

/** Request counts and durations by method, route and status, rendered in Prometheus text format. */
export type Metrics = {
  observe: (labels: { method: string; route: string; status: number }, seconds: number) => void
  render: () => string
}

/** Creates an empty registry. */
export function create(): Metrics {
  const series = new Map<string, Series>()
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
      return `${lines.join('\n')}\n`
    },
  }
}
