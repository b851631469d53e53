// @vitest-environment jsdom
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import * as Theme from './Theme.js'

const styles = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', 'styles.css'), 'utf8')
const css = styles.replace(/\/\*[\s\S]*?\*\//g, '')

/** The rules of styles.css (it has no at-rules): selectors and declarations. */
const rules = [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map(([, selectors, body]) => ({
  selectors: selectors!.split(',').map((s) => s.trim()),
  declarations: body!
    .split(';')
    .map((d) => d.split(':'))
    .filter((d) => d.length >= 2)
    .map(([name, ...value]) => [name!.trim(), value.join(':').trim()] as const),
}))

/** What a value is once its var()s are read: the root's inline style (the theme) first, then :root. */
function resolve(value: string, root: HTMLElement, depth = 0): string {
  if (depth > 5) return value
  return value.replace(/var\((--[a-z-]+)\)/g, (_, name: string) => {
    const inline = root.style.getPropertyValue(name)
    if (inline) return inline
    const declared = rules
      .filter((r) => r.selectors.includes(':root'))
      .flatMap((r) => r.declarations)
      .findLast(([n]) => n === name)
    return declared ? resolve(declared[1], root, depth + 1) : ''
  })
}

describe('apply', () => {
  test("the page's accent never styles Approve, enabled, disabled or focused", () => {
    const root = document.documentElement
    const accent = '#ff00aa'
    for (const themeMode of ['light', 'dark'] as const) {
      Theme.apply(root, { themeMode, themeVariables: { accent } })
      // The theme does reach the screen (the summary box's focus ring)...
      expect(root.style.getPropertyValue('--af-accent')).toBe(accent)
      const approve = document.createElement('button')
      approve.className = 'af-button af-approve'
      document.body.append(approve)
      for (const disabled of [false, true]) {
        approve.disabled = disabled
        const colours = rules
          .filter((r) =>
            r.selectors.some((s) => {
              try {
                return approve.matches(s.replace(/:focus-visible|:hover/g, ''))
              } catch {
                return false
              }
            }),
          )
          .flatMap((r) => r.declarations)
          .filter(([name]) => /^(background|color|border|outline)/.test(name))
          .map(([name, value]) => `${name}: ${resolve(value, root)}`)
        expect(colours.length).toBeGreaterThan(2)
        // ...but not Approve: it keeps the frame's own colour.
        for (const colour of colours) expect(colour).not.toContain(accent)
      }
      approve.remove()
    }
  })
})
