import * as Addresses from '@frontdoor/protocol/addresses'
import { describe, expect, test } from 'vitest'
import { parts } from '../scripts/stack/parts.js'

/**
 * `npm start`'s parts (scripts/stack/parts.ts) for a deployment's SMTP_URL (issue 17): the dev mail sink
 * runs only while SMTP_URL is unset or the default; any other SMTP_URL names a real server, so no sink
 * binds its address. The API waits for no part: it starts beside the chains and the sink (issue 36).
 */

const listFor = (env: Record<string, string | undefined>) => parts(Addresses.from(env), env)
const names = (list: ReturnType<typeof parts>) => list.map((part) => part.name)
const apiAfter = (list: ReturnType<typeof parts>) => list.find((part) => part.name === 'api')?.after

describe('the dev mail sink part', () => {
  test.each([
    ['unset', {}],
    ['empty', { SMTP_URL: '' }],
    ['the default', { SMTP_URL: Addresses.ADDRESS_DEFAULTS.SMTP_URL }],
  ])('SMTP_URL %s: the sink runs beside the API, which asks it per message', (_, env) => {
    const list = listFor(env)
    expect(names(list)).toContain('smtp')
    expect(apiAfter(list) ?? []).toEqual([])
    expect(list.find((part) => part.name === 'smtp')?.command).toContain('apps/dev/src/smtp-sink.ts')
  })

  test.each([
    'smtps://mailer:s%40cret@smtp.example.com:465',
    'smtp://mailer:secret@smtp.example.com:587',
    'smtp://127.0.0.1:1025',
  ])('SMTP_URL %s (a real server): no sink, and the API does not wait for one', (SMTP_URL) => {
    const list = listFor({ SMTP_URL })
    expect(names(list)).not.toContain('smtp')
    expect(apiAfter(list) ?? []).toEqual([])
    expect(list.some((part) => part.command.some((arg) => arg.includes('smtp-sink')))).toBe(false)
    // Every other part still runs, and every part the API waits for is in the list.
    expect(names(list)).toEqual(names(listFor({})).filter((name) => name !== 'smtp'))
    for (const need of apiAfter(list) ?? []) expect(names(list)).toContain(need)
  })
})
