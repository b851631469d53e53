// @vitest-environment jsdom
import { describe, expect, test } from 'vitest'
import * as Env from './Env.js'

function doc(metas: Record<string, string>) {
  const d = document.implementation.createHTMLDocument('t')
  for (const [name, content] of Object.entries(metas)) {
    const m = d.createElement('meta')
    m.name = name
    m.content = content
    d.head.append(m)
  }
  return d
}

describe('read', () => {
  test('reads the modal origin and the API URL', () => {
    expect(
      Env.read(
        doc({ [Env.META.modalOrigin]: 'http://127.0.0.1:5180', [Env.META.apiUrl]: 'http://127.0.0.1:4000/' }),
      ),
    ).toEqual({ modalOrigin: 'http://127.0.0.1:5180', apiUrl: 'http://127.0.0.1:4000' })
  })
  test('refuses a missing or inexact modal origin', () => {
    expect(() => Env.read(doc({ [Env.META.apiUrl]: 'http://127.0.0.1:4000' }))).toThrow(/modal origin/)
    for (const bad of ['*', 'http://127.0.0.1:5180/', 'javascript:alert(1)', 'null']) {
      expect(() =>
        Env.read(doc({ [Env.META.modalOrigin]: bad, [Env.META.apiUrl]: 'http://127.0.0.1:4000' })),
      ).toThrow()
    }
  })
})
