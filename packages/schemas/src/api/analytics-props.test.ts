import { describe, expect, test } from 'vitest'
import * as z from 'zod/mini'
import * as Analytics from './analytics.js'
import * as AnalyticsProps from './analytics-props.js'

describe('TrackProps', () => {
  test('takes a known event with short properties; refuses unknown events and nested values', () => {
    const props = { type: 'track', event: 'CONNECT_SUCCESS', properties: { kind: 'injected', chainId: 1 } }
    expect(z.parse(AnalyticsProps.TrackProps, props)).toEqual(props)
    expect(AnalyticsProps.TrackProps.safeParse({ ...props, event: 'NOPE' }).success).toBe(false)
    expect(AnalyticsProps.TrackProps.safeParse({ ...props, properties: { a: { b: 1 } } }).success).toBe(false)
    expect(AnalyticsProps.TrackProps.safeParse({ ...props, properties: { 'a b': 1 } }).success).toBe(false)
    expect(AnalyticsProps.TrackProps.safeParse({ type: 'track', event: 'MODAL_OPEN' }).success).toBe(true)
  })
})

describe('ErrorProps', () => {
  test('names the source, kind, error name and message', () => {
    const props = {
      type: 'error',
      event: Analytics.ERROR_EVENT,
      properties: { source: 'modal', kind: 'request', name: 'HttpError', message: 'HTTP 503' },
    }
    expect(z.parse(AnalyticsProps.ErrorProps, props)).toEqual(props)
    expect(AnalyticsProps.ErrorProps.safeParse({ ...props, type: 'track' }).success).toBe(false)
  })

  test("the embedded wallet's frame failing is a kind of its own (spec section 8: iframe_load_failed ...)", () => {
    const frame = { source: 'modal', kind: 'frame', name: 'FrameError', message: 'iframe_load_failed' }
    const props = { type: 'error', event: Analytics.ERROR_EVENT, properties: frame }
    expect(z.parse(AnalyticsProps.ErrorProps, props)).toEqual(props)
    const other = { ...props, properties: { ...frame, kind: 'other' } }
    expect(AnalyticsProps.ErrorProps.safeParse(other).success).toBe(false)
  })
})

describe('Report', () => {
  test('the body of POST /e: its props an analytics event or an error report', () => {
    const body = {
      eventId: 'e1',
      url: 'https://dapp.example/',
      domain: 'dapp.example',
      timestamp: 1,
      props: { type: 'track', event: 'MODAL_OPEN', properties: { view: 'Connect' } },
    }
    expect(z.parse(AnalyticsProps.Report, body)).toEqual(body)
    expect(
      AnalyticsProps.Report.safeParse({ ...body, props: { type: 'error', event: 'ERROR' } }).success,
    ).toBe(false)
    expect(AnalyticsProps.Report.safeParse({ ...body, props: { any: 'thing' } }).success).toBe(false)
  })
})
