import { Project } from '@frontdoor/schemas'

/** A project id: letters, digits, `_` and `-` (shared schema). */
export const ProjectId = Project.ProjectId

/** The query of every GET of the directory service: `projectId`, `st`, `sv` (shared schema). */
export const ProjectQuery = Project.ProjectQuery
