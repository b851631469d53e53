import * as Analytics from '@frontdoor/schemas/api/analytics'
import type * as AnalyticsProps from '@frontdoor/schemas/api/analytics-props'
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

/** The longest error name kept (as the clients cut it). */
const ERROR_NAME_MAX_CHARS = 100

/**
 * `report` with an error report's name and message redacted (`Analytics.redact`: emails, addresses,
 * token-like runs, codes), as the clients do: a report from an old or foreign client is no exception.
 */
export function redacted<T extends { props: AnalyticsProps.TrackProps | AnalyticsProps.ErrorProps }>(
  report: T,
): T {
  const { props } = report
  if (props.type !== 'error') return report
  const { name, message } = props.properties
  return {
    ...report,
    props: {
      ...props,
      properties: {
        ...props.properties,
        name: Analytics.redact(name).slice(0, ERROR_NAME_MAX_CHARS),
        message: Analytics.redact(message),
      },
    },
  }
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
