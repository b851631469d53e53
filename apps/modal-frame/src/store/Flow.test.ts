import { describe, expect, test } from 'vitest'
import * as Flow from './Flow.js'

describe('create', () => {
  test('update merges a patch, reset goes back to the initial state; subscribers hear both', () => {
    const flow = Flow.create({ amount: '', step: 'form' as 'form' | 'preview' })
    let heard = 0
    flow.subscribe(() => heard++)
    flow.update({ amount: '1' })
    flow.update({ step: 'preview' })
    expect(flow.get()).toEqual({ amount: '1', step: 'preview' })
    flow.reset()
    expect(flow.get()).toEqual({ amount: '', step: 'form' })
    expect(heard).toBe(3)
  })
})
