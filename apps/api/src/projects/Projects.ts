import { Constants, Project as ProjectSchemas } from '@frontdoor/schemas'
import { asc, eq, sql } from 'drizzle-orm'
import type * as Db from '../db/Db.js'
import * as Tables from '../db/Tables.js'

/** The feature ids of the remote project configuration (REFERENCE.md, `/appkit/v1/config`). */
export const FEATURE_IDS = ProjectSchemas.FEATURE_IDS
export type FeatureId = ProjectSchemas.FeatureId

/** Social providers a project may enable: the default socials of spec section 1. */
export const SOCIAL_PROVIDERS = Constants.DEFAULT_SOCIALS

/** A project as stored. */
export type Project = {
  projectId: string
  name: string
  allowedOrigins: string[]
  /** iOS bundle ids of the project's apps: the relay serves a mobile SDK naming one (`?bundleId=`). */
  allowedBundleIds: string[]
  /** Android package names of the project's apps (`?packageName=` at the relay). */
  allowedPackageNames: string[]
  features: Tables.Feature[]
  socialProviders: string[]
  isAnalyticsEnabled: boolean
}

/** The features of a new project: what spec section 1 turns on by default. */
export function defaultFeatures(): Tables.Feature[] {
  const on: Partial<Record<FeatureId, unknown>> = {
    multi_wallet: null,
    activity: null,
    onramp: ['meld', 'coinbase'],
    swap: [...Constants.DEFAULT_SWAPS_PROVIDERS],
    social_login: null,
    reown_branding: null,
  }
  return FEATURE_IDS.map((id) => ({ id, isEnabled: id in on, config: on[id] ?? null }))
}

/** The seeded development project. */
export const DEMO_PROJECT_ID = 'demo'

function toProject(row: typeof Tables.projects.$inferSelect): Project {
  return {
    projectId: row.projectId,
    name: row.name,
    allowedOrigins: row.allowedOrigins,
    allowedBundleIds: row.allowedBundleIds,
    allowedPackageNames: row.allowedPackageNames,
    features: row.features,
    socialProviders: row.socialProviders,
    isAnalyticsEnabled: row.isAnalyticsEnabled,
  }
}

/** Every project, by id. */
export async function list(orm: Db.Orm): Promise<Project[]> {
  const rows = await orm.select().from(Tables.projects).orderBy(asc(Tables.projects.projectId))
  return rows.map(toProject)
}

/** One project, or undefined. */
export async function get(orm: Db.Orm, projectId: string): Promise<Project | undefined> {
  const [row] = await orm.select().from(Tables.projects).where(eq(Tables.projects.projectId, projectId))
  return row ? toProject(row) : undefined
}

export type CreateOptions = {
  projectId: string
  name: string
  allowedOrigins?: string[]
  allowedBundleIds?: string[]
  allowedPackageNames?: string[]
  features?: Tables.Feature[]
  socialProviders?: string[]
  isAnalyticsEnabled?: boolean
}

/** Creates a project; throws when the id is taken. */
export async function create(orm: Db.Orm, options: CreateOptions): Promise<Project> {
  const [row] = await orm
    .insert(Tables.projects)
    .values({
      projectId: options.projectId,
      name: options.name,
      allowedOrigins: options.allowedOrigins ?? [],
      allowedBundleIds: options.allowedBundleIds ?? [],
      allowedPackageNames: options.allowedPackageNames ?? [],
      features: options.features ?? defaultFeatures(),
      socialProviders: options.socialProviders ?? [...SOCIAL_PROVIDERS],
      isAnalyticsEnabled: options.isAnalyticsEnabled ?? true,
    })
    .onConflictDoNothing()
    .returning()
  if (!row) throw new Error(`Project '${options.projectId}' already exists`)
  return toProject(row)
}

type Patch = Partial<Omit<Project, 'projectId'>>

/** Updates fields of a project and returns it; throws when the project does not exist. */
export async function update(orm: Db.Orm, projectId: string, patch: Patch): Promise<Project> {
  const [row] = await orm
    .update(Tables.projects)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(Tables.projects.projectId, projectId))
    .returning()
  if (!row) throw new Error(`Project '${projectId}' does not exist`)
  return toProject(row)
}

/** Sets one feature's switch and config. */
export async function setFeature(
  orm: Db.Orm,
  projectId: string,
  feature: { id: FeatureId; isEnabled: boolean; config?: unknown },
): Promise<Project> {
  const project = await get(orm, projectId)
  if (!project) throw new Error(`Project '${projectId}' does not exist`)
  const others = project.features.filter((f) => f.id !== feature.id)
  const previous = project.features.find((f) => f.id === feature.id)
  const next = {
    id: feature.id,
    isEnabled: feature.isEnabled,
    config: feature.config ?? previous?.config ?? null,
  }
  const order = (id: string) => FEATURE_IDS.indexOf(id as FeatureId)
  const features = [...others, next].sort((a, b) => order(a.id) - order(b.id))
  return update(orm, projectId, { features })
}

/**
 * Creates the `demo` project if missing, and makes sure the demo site is one of its allowed origins
 * (DEMO_URL may change between runs).
 */
export async function seedDemo(orm: Db.Orm, demoUrl: string): Promise<Project> {
  const existing = await get(orm, DEMO_PROJECT_ID)
  if (!existing) {
    try {
      return await create(orm, {
        projectId: DEMO_PROJECT_ID,
        name: 'Frontdoor demo',
        allowedOrigins: [demoUrl],
      })
    } catch {
      // Another API node seeded it at the same moment.
      return seedDemo(orm, demoUrl)
    }
  }
  if (existing.allowedOrigins.includes(demoUrl)) return existing
  return update(orm, DEMO_PROJECT_ID, { allowedOrigins: [...existing.allowedOrigins, demoUrl] })
}

/**
 * Who may use a project at the relay (`/projects/v1/access`): web origins, iOS bundle ids and Android
 * package names.
 */
export function access(
  project: Project,
): Pick<Project, 'allowedOrigins' | 'allowedBundleIds' | 'allowedPackageNames'> {
  return {
    allowedOrigins: project.allowedOrigins,
    allowedBundleIds: project.allowedBundleIds,
    allowedPackageNames: project.allowedPackageNames,
  }
}

/** The `/appkit/v1/config` feature list: social_login's config lists the login methods. */
export function remoteFeatures(project: Project): Tables.Feature[] {
  return FEATURE_IDS.map((id) => {
    const feature = project.features.find((f) => f.id === id) ?? { id, isEnabled: false, config: null }
    if (id === 'social_login' && feature.config === null)
      return { ...feature, config: ['email', ...project.socialProviders] }
    return feature
  })
}
