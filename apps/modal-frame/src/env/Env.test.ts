// @vitest-environment jsdom
import { describe, expect, test } from 'vitest'
import * as Env from './Env.js'

function doc(metas: Record<string, string>) {
  const d = document.implementation.createHTMLDocument('modal')
  for (const [name, content] of Object.entries(metas)) {
    const meta = d.createElement('meta')
    meta.name = name
    meta.content = content
    d.head.append(meta)
  }
  return d
}

describe('read', () => {
  test('reads the project id and mode from the URL and what the server wrote into the page', () => {
    const env = Env.read(
      doc({
        'frontdoor:api-url': 'http://127.0.0.1:4000/',
        'frontdoor:relay-url': 'ws://127.0.0.1:4001/',
        'frontdoor:auth-url': 'http://127.0.0.2:5181',
        'frontdoor:allowed-origins': '["http://localhost:5173", 5]',
        'frontdoor:embedder': 'http://localhost:5173',
      }),
      'http://127.0.0.1:5180/?projectId=demo&mode=inline',
    )
    expect(env).toEqual({
      projectId: 'demo',
      mode: 'inline',
      apiUrl: 'http://127.0.0.1:4000',
      relayUrl: 'ws://127.0.0.1:4001',
      authUrl: 'http://127.0.0.2:5181',
      allowedOrigins: ['http://localhost:5173'],
      originsError: undefined,
      embedder: 'http://localhost:5173',
    })
  })

  test('bad or missing values fall back safely', () => {
    const env = Env.read(
      doc({ 'frontdoor:allowed-origins': '{not json', 'frontdoor:origins-error': 'BOGUS' }),
      'http://127.0.0.1:5180/?mode=popup',
    )
    expect(env.projectId).toBeUndefined()
    expect(env.mode).toBe('modal')
    expect(env.allowedOrigins).toEqual([])
    expect(env.originsError).toBeUndefined()
    expect(env.relayUrl).toBe('ws://127.0.0.1:4001')
    expect(Env.read(doc({ 'frontdoor:relay-url': 'javascript:alert(1)' }), 'http://x/').relayUrl).toBe(
      'ws://127.0.0.1:4001',
    )
    expect(Env.read(doc({ 'frontdoor:relay-url': 'wss://relay.example' }), 'http://x/').relayUrl).toBe(
      'wss://relay.example',
    )
    expect(env.authUrl).toBe('http://127.0.0.2:5181')
    expect(Env.read(doc({ 'frontdoor:auth-url': 'https://auth.example/x' }), 'http://x/').authUrl).toBe(
      'http://127.0.0.2:5181',
    )
    expect(Env.read(doc({ 'frontdoor:origins-error': 'RATE_LIMITED' }), 'http://x/').originsError).toBe(
      'RATE_LIMITED',
    )
    // An unknown project id, as the server names it; any other value is none.
    expect(Env.read(doc({ 'frontdoor:origins-error': 'INVALID_PROJECT_ID' }), 'http://x/').originsError).toBe(
      'INVALID_PROJECT_ID',
    )
    expect(
      Env.read(doc({ 'frontdoor:origins-error': 'constructor' }), 'http://x/').originsError,
    ).toBeUndefined()
  })
})
