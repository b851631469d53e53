import { runInNewContext } from 'node:vm'
import { describe, expect, test } from 'vitest'
import * as Html from './Html.js'

describe('text', () => {
  test('escapes markup and quotes', () => {
    expect(Html.text(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    )
  })
})

describe('scriptLiteral', () => {
  test('cannot close the script element, and reads back as the same value', () => {
    const value = { text: '</script><script>alert(1)</script>', line: '\u2028\u2029', amp: '&' }
    const literal = Html.scriptLiteral(value)
    expect(literal).not.toMatch(/<|>|&|\u2028|\u2029/)
    expect(runInNewContext(`(${literal})`)).toEqual(value)
  })
})

describe('render', () => {
  test('a strict CSP with a fresh nonce for the page script and style; no referrer to other origins', () => {
    const first = Html.render({ title: 'T <1>', body: '<p>x</p>', script: 'void 0' })
    const second = Html.render({ title: 'T', body: '' })
    const nonce = /'nonce-([^']+)'/.exec(first.headers['content-security-policy'] ?? '')?.[1]
    expect(nonce).toBeTruthy()
    expect(second.headers['content-security-policy']).not.toContain(nonce)
    expect(first.html).toContain(`<script nonce="${nonce}">void 0</script>`)
    expect(first.html).toContain('<title>T &lt;1&gt;</title>')
    expect(first.headers).toMatchObject({
      'cache-control': 'no-store',
      // A same-origin form post must still carry its Origin (the Farcaster approval page checks it).
      'referrer-policy': 'same-origin',
      'x-content-type-options': 'nosniff',
    })
    expect(first.headers['content-security-policy']).toContain("default-src 'none'")
    expect(first.headers['content-security-policy']).toContain("frame-ancestors 'none'")
  })
})
