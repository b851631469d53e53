import type * as Features from '../features/Features.js'

/** Accessible names of the social providers (ARCHITECTURE.md section 5). */
export const SOCIAL_NAMES: Record<Features.Social, string> = {
  google: 'Google',
  x: 'X',
  farcaster: 'Farcaster',
  discord: 'Discord',
  apple: 'Apple',
  github: 'GitHub',
  facebook: 'Facebook',
}
