import * as Errors from '@frontdoor/schemas/errors'
import type * as Siwx from './Siwx.js'

type MessageData = Siwx.MessageData

/** The legacy `siweConfig` option (AppKit's SIWEConfig), mapped onto `siwx`. */
export type SiweConfig = {
  getNonce: (address?: string) => Promise<string>
  getMessageParams?: () => Promise<{
    domain?: string
    uri?: string
    statement?: string
    resources?: string[]
  }>
  /** The message text for these arguments (EIP-4361). */
  createMessage: (args: MessageData & { address: string }) => string
  verifyMessage: (args: { message: string; signature: string; cacao?: unknown }) => Promise<boolean>
  getSession: () => Promise<{ address: string; chainId: number } | null>
  signOut: () => Promise<boolean>
  onSignIn?: (session: { address: string; chainId: number }) => void
  onSignOut?: () => void
  /** Default true, as the legacy option had it. */
  required?: boolean
}

/**
 * Maps `siweConfig` onto `siwx` in the options, refusing both together (spec section 5).
 *
 * @example
 * createFrontdoor(Siwe.options({ ..., siweConfig })) // as createFrontdoor of the npm package does
 */
export function options<O extends { siwx?: unknown; siweConfig?: SiweConfig }>(
  given: O,
): Omit<O, 'siweConfig'> & { siwx?: O['siwx'] | Siwx.Config } {
  if (given.siwx !== undefined && given.siweConfig !== undefined)
    throw new Error(Errors.SIWX_AND_SIWE_BOTH_SET)
  const { siweConfig, ...rest } = given
  return siweConfig ? { ...rest, siwx: fromSiwe(siweConfig) } : rest
}

/** Maps the legacy SIWE configuration onto `siwx` (one session per page, EVM only). */
function fromSiwe(siwe: SiweConfig): Siwx.Config {
  return {
    async createMessage({ accountAddress, chainId }) {
      const params = (await siwe.getMessageParams?.()) ?? {}
      const data: MessageData = {
        domain: params.domain ?? location.host,
        uri: params.uri ?? location.origin,
        version: '1',
        nonce: await siwe.getNonce(accountAddress),
        issuedAt: new Date().toISOString(),
        accountAddress,
        chainId,
        ...(params.statement ? { statement: params.statement } : {}),
        ...(params.resources ? { resources: params.resources } : {}),
      }
      const text = siwe.createMessage({ ...data, address: accountAddress })
      return { ...data, toString: () => text }
    },
    async addSession(session) {
      if (!(await siwe.verifyMessage(session))) throw new Error('Error verifying SIWE signature')
      siwe.onSignIn?.({ address: session.data.accountAddress, chainId: chainOf(session.data.chainId) })
    },
    async revokeSession() {
      await siwe.signOut()
      siwe.onSignOut?.()
    },
    async getSessions(chainId, address) {
      const session = await siwe.getSession()
      const same =
        session?.address.toLowerCase() === address.toLowerCase() && chainOf(chainId) === session.chainId
      if (!same) return []
      const data = { accountAddress: address, chainId, domain: location.host, uri: location.origin }
      return [{ data: { ...data, version: '1', nonce: '' }, message: '', signature: '' }]
    },
    getRequired: () => siwe.required !== false,
  }
}

const chainOf = (caip2: string) => Number(caip2.split(':')[1])
