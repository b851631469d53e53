import * as z from 'zod/mini'

/**
 * A comma list in a URL query: `'a, b,,c'` -> `['a', 'b', 'c']` (items trimmed, empty items dropped),
 * each item checked against `item`, at most `max` items.
 */
export function commaList<item extends z.ZodMiniType<unknown, string>>(item: item, max = 500) {
  return z.pipe(
    z.string(),
    z.pipe(
      z.transform((value: string) =>
        value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      ),
      z.array(item).check(z.maxLength(max, `must list at most ${max} items`)),
    ),
  )
}

/** A positive whole number in a URL query, coerced from its string (`'2'` -> 2). */
export function positiveInt(max: number) {
  return z.coerce
    .number()
    .check(
      z.int('must be an integer'),
      z.minimum(1, 'must be at least 1'),
      z.maximum(max, `must be at most ${max}`),
    )
}
