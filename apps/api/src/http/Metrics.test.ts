import { describe, expect, test } from 'vitest'
import * as Metrics from './Metrics.js'

describe('counters of dependency faults', () => {
  test('each is rendered with HELP and TYPE, 0 before anything is counted', () => {
    const text = Metrics.create().render()
    for (const name of Object.keys(Metrics.COUNTERS)) {
      expect(text).toContain(`# TYPE ${name} counter`)
      expect(text).toMatch(new RegExp(`^${name} 0$`, 'm'))
    }
  })

  test('counts by label set; label values are escaped', () => {
    const metrics = Metrics.create()
    metrics.count('frontdoor_rpc_upstream_failures_total', { chain: 'eip155:1' })
    metrics.count('frontdoor_rpc_upstream_failures_total', { chain: 'eip155:1' })
    metrics.count('frontdoor_rpc_upstream_failures_total', { chain: 'a"b' })
    metrics.count('frontdoor_email_failures_total')
    const text = metrics.render()
    expect(text).toContain('frontdoor_rpc_upstream_failures_total{chain="eip155:1"} 2')
    expect(text).toContain('frontdoor_rpc_upstream_failures_total{chain="a\\"b"} 1')
    expect(text).toMatch(/^frontdoor_email_failures_total 1$/m)
    expect(text).not.toMatch(/^frontdoor_rpc_upstream_failures_total 0$/m)
  })
})
