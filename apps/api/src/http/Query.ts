import * as z from 'zod'

/** A project id: letters, digits, `_` and `-`. */
export const ProjectId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1-64 letters, digits, _ or -')

/** The SDK properties every client call carries: `st` (sdk type) and `sv` (sdk version). */
const SdkProperty = z.string().max(64, 'must be at most 64 characters').optional()

/** The query of every GET of the directory service: `projectId`, `st`, `sv` (other names are ignored). */
export const ProjectQuery = z.looseObject({ projectId: ProjectId, st: SdkProperty, sv: SdkProperty })
