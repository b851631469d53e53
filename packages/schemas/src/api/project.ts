import * as z from 'zod/mini'

/** A project id: 1-64 letters, digits, `_` or `-`. */
export const ProjectId = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1-64 letters, digits, _ or -'))

/** The query every wallet-directory GET (and `POST /e`) carries: project id, sdk type `st`, sdk version `sv`. */
export const ProjectQuery = z.object({
  projectId: ProjectId,
  st: z.optional(z.string().check(z.maxLength(64))),
  sv: z.optional(z.string().check(z.maxLength(64))),
})
/** The query every wallet-directory GET (and `POST /e`) carries: project id, sdk type `st`, sdk version `sv`. */
export type ProjectQuery = z.infer<typeof ProjectQuery>

/** The feature ids of the remote project configuration (`/appkit/v1/config`). */
export const FEATURE_IDS = [
  'multi_wallet',
  'activity',
  'onramp',
  'swap',
  'social_login',
  'reown_branding',
  'email_capture',
  'payments',
  'headless',
] as const

/** A feature id of the remote project configuration. */
export const FeatureId = z.enum(FEATURE_IDS)
/** A feature id of the remote project configuration. */
export type FeatureId = z.infer<typeof FeatureId>

/** One feature of the remote configuration: its switch and an optional feature-specific config. */
export const Feature = z.object({
  id: FeatureId,
  isEnabled: z.boolean(),
  config: z.optional(z.unknown()),
})
/** One feature of the remote configuration: its switch and an optional feature-specific config. */
export type Feature = z.infer<typeof Feature>

/** `GET /appkit/v1/config` response. */
export const RemoteConfigResponse = z.object({ features: z.array(Feature) })
/** `GET /appkit/v1/config` response. */
export type RemoteConfigResponse = z.infer<typeof RemoteConfigResponse>

/** `GET /projects/v1/origins` response. */
export const AllowedOriginsResponse = z.object({ allowedOrigins: z.array(z.string()) })
/** `GET /projects/v1/origins` response. */
export type AllowedOriginsResponse = z.infer<typeof AllowedOriginsResponse>

/** `GET /getAnalyticsConfig` response. */
export const AnalyticsConfigResponse = z.object({ isAnalyticsEnabled: z.boolean() })
/** `GET /getAnalyticsConfig` response. */
export type AnalyticsConfigResponse = z.infer<typeof AnalyticsConfigResponse>

/** `POST /e` body: one analytics event or error report. `timestamp` in milliseconds since the epoch. */
export const AnalyticsEvent = z.object({
  eventId: z.string().check(z.minLength(1), z.maxLength(128)),
  url: z.url().check(z.maxLength(2048)),
  domain: z.string().check(z.minLength(1), z.maxLength(253)),
  timestamp: z.number().check(z.int(), z.nonnegative()),
  props: z.record(z.string(), z.unknown()),
})
/** `POST /e` body: one analytics event or error report. `timestamp` in milliseconds since the epoch. */
export type AnalyticsEvent = z.infer<typeof AnalyticsEvent>
