import * as Analytics from '@frontdoor/schemas/api/analytics'
import { and, count, desc, eq, gte, inArray, sql } from 'drizzle-orm'
import type * as Db from '../db/Db.js'
import * as Tables from '../db/Tables.js'

/**
 * What the analytics dashboard of a project shows, read from the reports of `POST /e`: reports per day
 * (events and error reports), events per name, the connect funnel (modal opened -> a method chosen ->
 * connected, and failed connects) overall and per method, and the latest error reports.
 */

/** Days shown on the per-day chart. */
export const DAYS = 14

/** Error reports listed. */
export const LATEST_ERRORS = 20

/** One day of the per-day chart (UTC). */
export type Day = { day: string; events: number; errors: number }

/** The connect funnel: counts of each step. */
export type Funnel = { opened: number; chose: number; attempted: number; connected: number; failed: number }

/** One error report as listed. */
export type ErrorReport = { at: Date; source: string; kind: string; name: string; message: string }

/** The dashboard's figures. */
export type Summary = {
  days: Day[]
  perEvent: { event: string; n: number }[]
  funnel: Funnel
  perMethod: ({ method: string } & Pick<Funnel, 'chose' | 'connected' | 'failed'>)[]
  errors: ErrorReport[]
}

const e = Tables.events
const eventName = sql<string>`${e.props}->>'event'`
const method = sql<string>`coalesce(${e.props}->'properties'->>'method', '?')`
const day = sql<string>`to_char(${e.receivedAt} at time zone 'UTC', 'YYYY-MM-DD')`

/** The last `DAYS` days, oldest first, as UTC dates (`YYYY-MM-DD`), ending with `now`'s. */
export function lastDays(now: Date, days = DAYS): string[] {
  return Array.from({ length: days }, (_, i) =>
    new Date(now.getTime() - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  )
}

/** Reads the figures of `projectId`. */
export async function summary(orm: Db.Orm, projectId: string, now = new Date()): Promise<Summary> {
  const dates = lastDays(now)
  const since = new Date(`${dates[0]}T00:00:00Z`)
  const mine = eq(e.projectId, projectId)
  const [perDay, perEvent, perMethod, latest] = await Promise.all([
    orm
      .select({ day, kind: e.kind, n: count() })
      .from(e)
      .where(and(mine, gte(e.receivedAt, since)))
      .groupBy(day, e.kind),
    orm
      .select({ event: eventName, n: count() })
      .from(e)
      .where(and(mine, eq(e.kind, 'event')))
      .groupBy(eventName),
    orm
      .select({ method, event: eventName, n: count() })
      .from(e)
      .where(
        and(
          mine,
          eq(e.kind, 'event'),
          inArray(eventName, [
            Analytics.EVENT.SELECT_METHOD,
            Analytics.EVENT.CONNECT_SUCCESS,
            Analytics.EVENT.CONNECT_ERROR,
          ]),
        ),
      )
      .groupBy(method, eventName),
    orm
      .select({ at: e.receivedAt, props: e.props })
      .from(e)
      .where(and(mine, eq(e.kind, 'error')))
      .orderBy(desc(e.receivedAt), desc(e.id))
      .limit(LATEST_ERRORS),
  ])
  const of = (name: string) => Number(perEvent.find((row) => row.event === name)?.n ?? 0)
  const methods = new Map<string, { method: string; chose: number; connected: number; failed: number }>()
  for (const row of perMethod) {
    const entry = methods.get(row.method) ?? { method: row.method, chose: 0, connected: 0, failed: 0 }
    const n = Number(row.n)
    if (row.event === Analytics.EVENT.SELECT_METHOD) entry.chose += n
    else if (row.event === Analytics.EVENT.CONNECT_SUCCESS) entry.connected += n
    else entry.failed += n
    methods.set(row.method, entry)
  }
  const dayOf = (date: string, kind: string) =>
    Number(perDay.find((row) => row.day === date && row.kind === kind)?.n ?? 0)
  return {
    days: dates.map((date) => ({ day: date, events: dayOf(date, 'event'), errors: dayOf(date, 'error') })),
    perEvent: perEvent
      .map((row) => ({ event: row.event ?? '?', n: Number(row.n) }))
      .sort((a, b) => b.n - a.n || a.event.localeCompare(b.event)),
    funnel: {
      opened: of(Analytics.EVENT.MODAL_OPEN),
      chose: of(Analytics.EVENT.SELECT_METHOD),
      attempted: of(Analytics.EVENT.CONNECT_ATTEMPT),
      connected: of(Analytics.EVENT.CONNECT_SUCCESS),
      failed: of(Analytics.EVENT.CONNECT_ERROR),
    },
    perMethod: [...methods.values()].sort((a, b) => a.method.localeCompare(b.method)),
    errors: latest.map((row) => {
      const properties = (row.props.properties ?? {}) as Record<string, unknown>
      const field = (key: string) => (typeof properties[key] === 'string' ? (properties[key] as string) : '')
      return {
        at: row.at,
        source: field('source'),
        kind: field('kind'),
        name: field('name'),
        message: field('message'),
      }
    }),
  }
}

/** Reports listed by {@link latest}. */
export const LATEST_REPORTS = 200

/** The latest reports of `projectId`, newest first, as they were sent (with when they arrived). */
export async function latest(orm: Db.Orm, projectId: string) {
  const rows = await orm
    .select()
    .from(e)
    .where(eq(e.projectId, projectId))
    .orderBy(desc(e.receivedAt), desc(e.id))
    .limit(LATEST_REPORTS)
  return rows.map((row) => ({
    eventId: row.eventId,
    kind: row.kind,
    url: row.url,
    domain: row.domain,
    timestamp: row.clientTimestamp,
    props: row.props,
    sdkType: row.sdkType,
    sdkVersion: row.sdkVersion,
    receivedAt: row.receivedAt.toISOString(),
  }))
}
