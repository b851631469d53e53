import * as z from 'zod/mini'

/** An account-name suggestion. */
export const NameSuggestion = z.object({ name: z.string() })
/** An account-name suggestion. */
export type NameSuggestion = z.infer<typeof NameSuggestion>
