import { zValidator } from '@hono/zod-validator'
import type { Context, ValidationTargets } from 'hono'
import * as z from 'zod'
import * as Errors from './Errors.js'

// The shared schemas are zod/mini, which carries no messages of its own: use zod's English ones.
z.config(z.locales.en())

/** How a 400 names where the bad field was. */
const WHERE = { query: 'query', json: 'body', param: 'path parameter' } as const
type Target = keyof typeof WHERE

/** Turns zod issues into `{field, message}` pairs naming the offending field. */
export function issues(error: z.core.$ZodError): { field: string; message: string }[] {
  return error.issues.map((issue) => ({
    field: issue.path.length ? issue.path.map(String).join('.') : '(root)',
    message: issue.message,
  }))
}

/** A field that holds an email address: its error is `invalid_email` with the spec's message. */
const EMAIL_FIELD = /(^|\.)(email|newEmail)$/

/**
 * The 400 of input that failed its schema: `invalid_request` with a message naming the first bad
 * field (`Invalid body field 'email': ...`) and every issue in `issues`; an email field's own
 * message under `invalid_email`.
 */
export function invalid(where: string, error: z.core.$ZodError) {
  const list = issues(error)
  const first = list[0]
  if (first && EMAIL_FIELD.test(first.field))
    return Errors.fail(400, Errors.CODE.invalidEmail, first.message, { issues: list })
  const message = first ? `Invalid ${where} field '${first.field}': ${first.message}` : `Invalid ${where}`
  return Errors.fail(400, Errors.CODE.invalidRequest, message, { issues: list })
}

/**
 * Parses `input` with `schema` (classic zod or zod/mini), or throws the 400 of {@link invalid}; for
 * input no middleware reads (a JSON-RPC body, a popup's query answered as a page).
 *
 * @example
 * const body = Validate.parse('body', Schema, json)
 */
export function parse<T extends z.core.$ZodType>(where: string, schema: T, input: unknown): z.output<T> {
  const result = z.safeParse(schema, input)
  if (result.success) return result.data
  throw invalid(where, result.error)
}

/** zod-validator runs the schema through zod's functions, which take zod/mini schemas as well. */
const options = {
  validationFunction: (schema: z.core.$ZodType, value: unknown) => z.safeParseAsync(schema, value),
}

/** The message of a body sent without a JSON content type (Hono reads only JSON bodies as JSON). */
export const NOT_JSON = 'The request body must be JSON (content-type: application/json)'

/** The media types Hono reads as JSON (`application/json`, `application/*+json`). */
export const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i

/** A route's own answer to input that failed its schema (the JSON-RPC proxy answers JSON-RPC). */
export type OnInvalid = (c: Context, error: z.core.$ZodError) => Response

function hook(target: Target, onInvalid?: OnInvalid) {
  return (result: { success: boolean; error?: z.core.$ZodError }, c: Context): Response | undefined => {
    const mediaType = (c.req.header('content-type') ?? '').split(';')[0]?.trim() ?? ''
    if (target === 'json' && !JSON_MEDIA_TYPE.test(mediaType))
      throw Errors.fail(400, Errors.CODE.invalidRequest, NOT_JSON)
    if (result.success || !result.error) return undefined
    if (onInvalid) return onInvalid(c, result.error)
    throw invalid(WHERE[target], result.error)
  }
}

function validator<K extends Target & keyof ValidationTargets, T extends z.core.$ZodType>(
  target: K,
  schema: T,
  onInvalid?: OnInvalid,
) {
  // The option's type is conditional on the schema's (classic or mini): the function answers both.
  return zValidator(target, schema, hook(target, onInvalid), options as never)
}

/**
 * Middleware: the query string (one value per name; a repeated name is a list) validated by `schema`,
 * read in the handler with `c.req.valid('query')`; a 400 naming the field otherwise.
 *
 * @example
 * app.get('/getWallets', Validate.query(GetWalletsQuery), (c) => c.json(c.req.valid('query')))
 */
export function query<T extends z.core.$ZodType>(schema: T, onInvalid?: OnInvalid) {
  return validator('query', schema, onInvalid)
}

/** Middleware: the path parameters validated by `schema` (`c.req.valid('param')`). */
export function param<T extends z.core.$ZodType>(schema: T) {
  return validator('param', schema)
}

/**
 * Middleware: the JSON body validated by `schema` (`c.req.valid('json')`); a body that is not JSON
 * is a 400. Its size was limited before (BodyLimit, app.ts).
 */
export function json<T extends z.core.$ZodType>(schema: T) {
  return validator('json', schema)
}

/** How many query strings {@link knownQuery} keeps the parse of. */
const KNOWN_QUERIES_MAX = 1_000

/**
 * {@link query} for a hot route whose clients repeat the same few query strings (the RPC proxy's
 * `?chainId=&projectId=`): the same string always parses the same way, so a string that passed keeps
 * its parse (frozen, shared by its requests; at most 1000 strings, all dropped at the cap) and a repeat
 * skips zod. A string that failed is parsed again each time (its 400 names the field).
 *
 * @example
 * app.post('/v1/', Validate.knownQuery(RpcQuery, invalidQuery), (c) => c.json(c.req.valid('query')))
 */
export function knownQuery<T extends z.core.$ZodType>(schema: T, onInvalid?: OnInvalid) {
  const validate = query(schema, onInvalid)
  const known = new Map<string, unknown>()
  const handler: typeof validate = (c, next) => {
    const url = c.req.url
    const raw = url.slice(url.indexOf('?') + 1 || url.length)
    const parsed = known.get(raw)
    if (parsed !== undefined) {
      c.req.addValidatedData('query', parsed as Record<string, unknown>)
      return next()
    }
    return validate(c, async () => {
      if (known.size >= KNOWN_QUERIES_MAX) known.clear()
      known.set(raw, Object.freeze(c.req.valid('query' as never)))
      await next()
    })
  }
  return handler
}
