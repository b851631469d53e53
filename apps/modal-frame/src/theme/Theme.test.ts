import { describe, expect, test } from 'vitest'
import * as Theme from './Theme.js'

describe('variables', () => {
  test('maps theme variables to the CSS custom properties of the card', () => {
    expect(Theme.variables({ accent: '#0f7b5f', font: 'Inter, sans-serif', radius: 0 })).toEqual({
      '--fd-accent': '#0f7b5f',
      '--fd-font': 'Inter, sans-serif',
      '--fd-radius': '0px',
    })
    expect(Theme.variables({})).toEqual({})
  })
})
