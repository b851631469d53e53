import { describe, expect, test } from 'vitest'
import * as Name from './name.js'

describe('NameSuggestion', () => {
  test('a name', () => {
    expect(Name.NameSuggestion.safeParse({ name: 'alice' }).success).toBe(true)
    expect(Name.NameSuggestion.safeParse({}).success).toBe(false)
  })
})
