import * as Errors from '../errors.js'

/**
 * Checks that SIWX and the legacy SIWE config are not both set.
 * @throws Error 'Cannot set both `siweConfig` and `siwx` options'
 */
export function assertSiwxConfig(options: { siweConfig?: unknown; siwx?: unknown }): void {
  if (options.siweConfig !== undefined && options.siwx !== undefined)
    throw new Error(Errors.SIWX_AND_SIWE_BOTH_SET)
}

/** SIWX over WalletConnect (one-click auth) is for a single eip155 namespace only. */
export function isSiwxOverWalletConnectSupported(chainNamespaces: readonly string[]): boolean {
  return chainNamespaces.length === 1 && chainNamespaces[0] === 'eip155'
}
