import { bigint, bigserial, boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/** One feature of a project's remote configuration (`/appkit/v1/config`). */
export type Feature = { id: string; isEnabled: boolean; config: unknown }

/** An injected-wallet identifier of a directory entry. */
export type Injected = { namespace: string; injected_id: string }

/** The `projects` table (migrations/0001_init.sql). */
export const projects = pgTable('projects', {
  projectId: text('project_id').primaryKey(),
  name: text('name').notNull(),
  allowedOrigins: jsonb('allowed_origins').$type<string[]>().notNull(),
  /** iOS bundle ids of the project's mobile apps (migrations/0006_project_app_ids.sql). */
  allowedBundleIds: jsonb('allowed_bundle_ids').$type<string[]>().notNull().default([]),
  /** Android package names of the project's mobile apps. */
  allowedPackageNames: jsonb('allowed_package_names').$type<string[]>().notNull().default([]),
  features: jsonb('features').$type<Feature[]>().notNull(),
  socialProviders: jsonb('social_providers').$type<string[]>().notNull(),
  isAnalyticsEnabled: boolean('is_analytics_enabled').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** The `wallets` table: the wallet directory. */
export const wallets = pgTable('wallets', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  badge_type: text('badge_type').notNull(),
  description: text('description').notNull(),
  chains: jsonb('chains').$type<string[]>().notNull(),
  homepage: text('homepage'),
  image_id: text('image_id').notNull(),
  order: integer('order').notNull(),
  mobile_link: text('mobile_link'),
  desktop_link: text('desktop_link'),
  webapp_link: text('webapp_link'),
  app_store: text('app_store'),
  play_store: text('play_store'),
  chrome_store: text('chrome_store'),
  rdns: text('rdns'),
  injected: jsonb('injected').$type<Injected[] | null>(),
  supports_wc: boolean('supports_wc').notNull(),
})

/** The `events` table: analytics events and error reports of `POST /e`. */
export const events = pgTable('events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  projectId: text('project_id').notNull(),
  eventId: text('event_id').notNull(),
  kind: text('kind').notNull(),
  url: text('url').notNull(),
  domain: text('domain').notNull(),
  clientTimestamp: bigint('client_timestamp', { mode: 'number' }).notNull(),
  props: jsonb('props').$type<Record<string, unknown>>().notNull(),
  sdkType: text('sdk_type'),
  sdkVersion: text('sdk_version'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
})
