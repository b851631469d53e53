export { ProviderRpcError } from '@frontdoor/protocol/errors'

import * as Core from './Frontdoor.js'
import * as Siwe from './siwx/Siwe.js'

export type {
  Extension,
  ExtensionHost,
  Frontdoor,
  Network,
  Options,
  Provider,
  State,
} from './Frontdoor.js'
export type { NetworkOption } from './Networks.js'
export { networkOf } from './Networks.js'
export type { SiweConfig } from './siwx/Siwe.js'
export type { Config as SiwxConfig, Session as SiwxSession } from './siwx/Siwx.js'

/**
 * Creates the Frontdoor modal (see Frontdoor.ts); the legacy `siweConfig` is mapped onto `siwx` here,
 * so the one-line script build does not carry it.
 *
 * @example
 * const frontdoor = createFrontdoor({ projectId: 'demo', networks: [devnet], metadata: { name: 'My dapp' } })
 */
export function createFrontdoor(options: Core.Options): Core.Frontdoor {
  return Core.createFrontdoor(Siwe.options(options))
}
