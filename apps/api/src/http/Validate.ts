import type { Context } from 'hono'
import * as z from 'zod'
import * as Errors from './Errors.js'

// The shared schemas are zod/mini, which carries no messages of its own: use zod's English ones.
z.config(z.locales.en())

/** Turns zod issues into `{field, message}` pairs naming the offending field. */
export function issues(error: z.core.$ZodError): { field: string; message: string }[] {
  return error.issues.map((issue) => ({
    field: issue.path.length ? issue.path.map(String).join('.') : '(root)',
    message: issue.message,
  }))
}

/**
 * Parses `input` with `schema` (classic zod or zod/mini), or throws a 400 naming each bad field.
 *
 * @example
 * const query = Validate.parse('query', Query, c.req.query())
 */
export function parse<T extends z.core.$ZodType>(where: string, schema: T, input: unknown): z.output<T> {
  const result = z.safeParse(schema, input)
  if (result.success) return result.data
  const list = issues(result.error)
  const first = list[0]
  throw Errors.http(400, {
    error: `Invalid ${where}`,
    message: first ? `Invalid ${where} field '${first.field}': ${first.message}` : `Invalid ${where}`,
    issues: list,
  })
}

/** The query string as an object (first value of each name), validated by `schema`. */
export function query<T extends z.core.$ZodType>(c: Context, schema: T): z.output<T> {
  return parse('query', schema, c.req.query())
}

/** The path parameters, validated by `schema`. */
export function params<T extends z.core.$ZodType>(c: Context, schema: T): z.output<T> {
  return parse('path parameter', schema, c.req.param())
}

/** The JSON body (400 when it is not JSON), validated by `schema`. */
export async function json<T extends z.core.$ZodType>(c: Context, schema: T): Promise<z.output<T>> {
  return parse('body', schema, await body(c))
}

/** The JSON body, unvalidated; 400 when it does not parse. */
export async function body(c: Context): Promise<unknown> {
  const text = await c.req.text()
  try {
    return JSON.parse(text)
  } catch {
    throw Errors.http(400, { error: 'Invalid body', message: 'The request body is not valid JSON' })
  }
}
