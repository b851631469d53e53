import { and, count, eq } from 'drizzle-orm'
import type * as Db from '../db/Db.js'
import * as Tables from '../db/Tables.js'

/** A report of `POST /e`: an analytics event, or an error report when `props.type` is 'error'. */
export type Report = {
  projectId: string
  eventId: string
  url: string
  domain: string
  timestamp: number
  props: Record<string, unknown>
  sdkType?: string | undefined
  sdkVersion?: string | undefined
}

/** 'error' for error reports (capped per spec section 9), 'event' for the rest. */
export function kind(props: Record<string, unknown>): 'error' | 'event' {
  return props.type === 'error' ? 'error' : 'event'
}

/** Stores one report. */
export async function store(orm: Db.Orm, report: Report): Promise<void> {
  await orm.insert(Tables.events).values({
    projectId: report.projectId,
    eventId: report.eventId,
    kind: kind(report.props),
    url: report.url,
    domain: report.domain,
    clientTimestamp: report.timestamp,
    props: report.props,
    sdkType: report.sdkType ?? null,
    sdkVersion: report.sdkVersion ?? null,
  })
}

/** How many reports of a kind a project has stored. */
export async function countOf(orm: Db.Orm, projectId: string, of: 'error' | 'event'): Promise<number> {
  const [row] = await orm
    .select({ n: count() })
    .from(Tables.events)
    .where(and(eq(Tables.events.projectId, projectId), eq(Tables.events.kind, of)))
  return Number(row?.n ?? 0)
}
