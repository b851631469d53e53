import * as z from 'zod/mini'

/** An account-name suggestion. */
export const NameSuggestion = z.object({ name: z.string() })
export type NameSuggestion = z.infer<typeof NameSuggestion>
