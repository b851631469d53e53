import * as fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import * as z from 'zod/mini'
import type * as Message from '../message.js'

/** Valid and invalid samples of one message's params and success reply. */
export type Samples = {
  params: { valid: unknown[]; invalid: unknown[] }
  result: { valid: unknown[]; invalid: unknown[] }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Test-only: registers, for every message of `definitions`, tests of its valid and invalid samples and
 * fast-check fuzzing (random values never crash the validator; malformed messages are rejected).
 * Fails when a message has no samples, so a new message cannot go untested.
 */
export function schemaSuite(
  title: string,
  definitions: Message.Definitions,
  samples: Record<string, Samples>,
) {
  describe(title, () => {
    test('every message has samples', () => {
      expect(Object.keys(samples).sort()).toEqual(Object.keys(definitions).sort())
    })

    for (const [name, definition] of Object.entries(definitions)) {
      const sample = samples[name]
      if (!sample) continue
      describe(name, () => {
        test('valid params and replies pass', () => {
          for (const value of sample.params.valid)
            expect(z.safeParse(definition.params, value).error).toBeUndefined()
          for (const value of sample.result.valid)
            expect(z.safeParse(definition.result, value).error).toBeUndefined()
        })

        test('invalid params and replies are rejected', () => {
          for (const value of sample.params.invalid)
            expect(z.safeParse(definition.params, value).success, JSON.stringify(value)).toBe(false)
          for (const value of sample.result.invalid)
            expect(z.safeParse(definition.result, value).success, JSON.stringify(value)).toBe(false)
        })

        test('random values never crash the validator; what passes re-validates', () => {
          fc.assert(
            fc.property(fc.anything({ withNullPrototype: true, withSparseArray: true }), (value) => {
              for (const schema of [definition.params, definition.result, definition.error]) {
                const parsed = z.safeParse(schema, value)
                if (parsed.success) expect(z.safeParse(schema, parsed.data).success).toBe(true)
              }
            }),
            { numRuns: 40 },
          )
        })

        test('a valid message with an unknown key, or with a field of the wrong type, is rejected', () => {
          const objects = sample.params.valid.filter(isPlainObject)
          if (objects.length === 0) return
          fc.assert(
            fc.property(
              fc.constantFrom(...objects),
              fc.string({ minLength: 1 }).map((key) => `x_${key}`),
              fc.anything(),
              (valid, key, extra) => {
                expect(z.safeParse(definition.params, { ...valid, [key]: extra }).success).toBe(false)
              },
            ),
            { numRuns: 20 },
          )
          for (const valid of objects)
            for (const key of Object.keys(valid)) {
              // A function can never cross the bridge (structured clone) nor match a data schema.
              expect(z.safeParse(definition.params, { ...valid, [key]: () => {} }).success).toBe(false)
            }
        })

        test('non-object values are rejected as params, unless the message takes none', () => {
          fc.assert(
            fc.property(
              fc.oneof(fc.string(), fc.double(), fc.boolean(), fc.constant(null), fc.array(fc.anything())),
              (value) => {
                expect(z.safeParse(definition.params, value).success).toBe(false)
              },
            ),
            { numRuns: 20 },
          )
        })
      })
    }
  })
}
