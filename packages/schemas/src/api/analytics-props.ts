import * as z from 'zod/mini'
import * as Analytics from './analytics.js'
import * as Project from './project.js'

/** The zod schemas of the `props` of `POST /e` reports (names and rules in `analytics.ts`). */

/** A property value: short strings, numbers, booleans. Never a key, token, code, email or full address. */
const Value = z.union([z.string().check(z.maxLength(Analytics.MESSAGE_MAX_CHARS)), z.number(), z.boolean()])

/** A property's name: a short identifier (`chainId`, `method`, `declined`). */
const Name = z
  .string()
  .check(z.regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, 'must be a name of at most 40 letters, digits or _'))

/** The `props` of an analytics event. */
export const TrackProps = z.object({
  type: z.literal('track'),
  event: z.enum(Object.values(Analytics.EVENT) as [Analytics.EventName, ...Analytics.EventName[]]),
  properties: z.optional(z.record(Name, Value)),
})
/** The `props` of an analytics event. */
export type TrackProps = z.infer<typeof TrackProps>

/** The `props` of an error report: where, what kind, the error's name and message (redacted). */
export const ErrorProps = z.object({
  type: z.literal('error'),
  event: z.literal(Analytics.ERROR_EVENT),
  properties: z.object({
    source: z.enum(Analytics.SOURCES),
    /** 'uncaught', 'request' or 'frame' (Analytics.ERROR_KINDS). */
    kind: z.enum(Analytics.ERROR_KINDS),
    name: z.string().check(z.maxLength(100)),
    message: z.string().check(z.maxLength(Analytics.MESSAGE_MAX_CHARS)),
  }),
})
/** The `props` of an error report. */
export type ErrorProps = z.infer<typeof ErrorProps>

/** The `props` of a `POST /e` report: an analytics event or an error report, told apart by `type`. */
const ReportProps = z.discriminatedUnion('type', [TrackProps, ErrorProps])

/** The body of `POST /e` as the API takes it: {@link Project.AnalyticsEvent} with {@link ReportProps}. */
export const Report = z.extend(Project.AnalyticsEvent, { props: ReportProps })
/** The body of `POST /e` as the API takes it. */
export type Report = z.infer<typeof Report>
