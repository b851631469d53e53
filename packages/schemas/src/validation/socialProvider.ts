import * as z from 'zod/mini'
import * as Errors from '../errors.js'

/** The social login providers of spec section 5 (farcaster has its own flow). */
export const SOCIAL_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const

/** A social login provider (message 'Invalid social provider'). */
export const SocialProvider = z.enum(SOCIAL_PROVIDERS, { error: Errors.INVALID_SOCIAL_PROVIDER })
/** A social login provider (message 'Invalid social provider'). */
export type SocialProvider = z.infer<typeof SocialProvider>

/** Whether `value` is a supported social provider. */
export function isSocialProvider(value: unknown): value is SocialProvider {
  return SocialProvider.safeParse(value).success
}
