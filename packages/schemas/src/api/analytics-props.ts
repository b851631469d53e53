import * as z from 'zod/mini'
import * as Analytics from './analytics.js'

/** The zod schemas of the `props` of `POST /e` reports (names and rules in `analytics.ts`). */

/** A property value: short strings, numbers, booleans. Never a key, token, code, email or full address. */
const Value = z.union([z.string().check(z.maxLength(Analytics.MESSAGE_MAX_CHARS)), z.number(), z.boolean()])

/** The `props` of an analytics event. */
export const TrackProps = z.object({
  type: z.literal('track'),
  event: z.enum(Object.values(Analytics.EVENT) as [Analytics.EventName, ...Analytics.EventName[]]),
  properties: z.optional(z.record(z.string(), Value)),
})
/** The `props` of an analytics event. */
export type TrackProps = z.infer<typeof TrackProps>

/** The `props` of an error report: where, what kind, the error's name and message (redacted). */
export const ErrorProps = z.object({
  type: z.literal('error'),
  event: z.literal(Analytics.ERROR_EVENT),
  properties: z.object({
    source: z.enum(Analytics.SOURCES),
    /** 'uncaught' (an error or rejection nobody caught) or 'request' (a failed HTTP request). */
    kind: z.enum(['uncaught', 'request']),
    name: z.string().check(z.maxLength(100)),
    message: z.string().check(z.maxLength(Analytics.MESSAGE_MAX_CHARS)),
  }),
})
/** The `props` of an error report. */
export type ErrorProps = z.infer<typeof ErrorProps>
