import { describe, expect, test } from 'vitest'
import * as DeepLink from './DeepLink.js'

const URI = `wc:${'a'.repeat(64)}@2?relay-protocol=irn&symKey=${'b'.repeat(64)}&expiryTimestamp=1700000300`
const ENCODED = encodeURIComponent(URI)

describe('href', () => {
  test('native schemes, with or without the slashes', () => {
    expect(DeepLink.href('aurora://', URI)).toBe(`aurora://wc?uri=${ENCODED}`)
    expect(DeepLink.href('aurora', URI)).toBe(`aurora://wc?uri=${ENCODED}`)
    expect(DeepLink.href('aurora:', URI)).toBe(`aurora://wc?uri=${ENCODED}`)
    expect(DeepLink.href('aurora-desktop://', URI)).toBe(`aurora-desktop://wc?uri=${ENCODED}`)
  })

  test('universal and web links get a slash before wc', () => {
    expect(DeepLink.href('https://app.aurora.example', URI)).toBe(
      `https://app.aurora.example/wc?uri=${ENCODED}`,
    )
    expect(DeepLink.href('https://link.aurora.example/', URI)).toBe(
      `https://link.aurora.example/wc?uri=${ENCODED}`,
    )
  })

  test('empty links and code-running schemes give nothing', () => {
    for (const bad of [
      undefined,
      null,
      '',
      '  ',
      '://',
      'javascript:alert(1)//',
      'JavaScript://x',
      'data://x',
      '1bad://',
    ])
      expect(DeepLink.href(bad, URI)).toBeUndefined()
  })

  test('the URI is encoded whole: it cannot add parameters to the link', () => {
    const href = DeepLink.href('aurora://', 'wc:x@2?a=1&b=2') ?? ''
    expect(new URL(href.replace('aurora://', 'https://h/')).searchParams.get('uri')).toBe('wc:x@2?a=1&b=2')
  })
})

describe('links', () => {
  test('mobile, desktop and web when the directory has them', () => {
    expect(
      DeepLink.links(
        { mobile_link: 'aurora://', desktop_link: null, webapp_link: 'https://app.aurora.example' },
        URI,
      ),
    ).toEqual([
      { kind: 'mobile', label: 'Open mobile app', href: `aurora://wc?uri=${ENCODED}` },
      { kind: 'web', label: 'Open web app', href: `https://app.aurora.example/wc?uri=${ENCODED}` },
    ])
    expect(
      DeepLink.links({ mobile_link: undefined, desktop_link: undefined, webapp_link: undefined }, URI),
    ).toEqual([])
  })
})
