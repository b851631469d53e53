import type * as HostBridge from '../../bridge/HostBridge.js'
import type * as Authenticate from './Authenticate.js'
import type * as Namespaces from './Namespaces.js'
import * as ProviderErrors from './ProviderErrors.js'
import type * as SignClient from './SignClient.js'

/**
 * The connector's side of a one-click sign-in (Authenticate.ts, loaded only when the page set `siwx`):
 * the page's message for a pairing, and the page's session from the wallet's CACAO.
 */

/** The connected host page. When it set `siwx`, a pairing signs in at once. */
export type Host = Pick<HostBridge.Connected, 'info' | 'extend' | 'origin'>

/** A one-click sign-in under way: the module, the page's calls and the message it asked for. */
export type SignIn = {
  Authenticate: typeof Authenticate
  calls: Authenticate.Calls
  params: Authenticate.Params
}

/**
 * A one-click sign-in for this pairing, when the page set `siwx` and the proposal is a single eip155
 * namespace: the page's message (a fresh nonce for each pairing URI). Undefined otherwise, or when
 * the page could not write the message (the sign-in view asks after connecting then).
 */
export async function forPairing(
  host: Host | undefined,
  proposal: Namespaces.Proposal,
): Promise<SignIn | undefined> {
  if (!host?.info?.siwx) return undefined
  try {
    const Authenticate = await import('./Authenticate.js')
    const chainId = proposal.eip155.chains[0]
    if (!Authenticate.eligible(proposal) || !chainId) return undefined
    const calls = Authenticate.calls(host)
    const { data } = await calls.siwxCreateMessage({
      accountAddress: Authenticate.UNKNOWN_ACCOUNT,
      chainId,
    })
    if (!Authenticate.forSite(data, host.origin)) throw new Error("the page's message names another site")
    return { Authenticate, calls, params: Authenticate.params(data, proposal.eip155) }
  } catch (error) {
    console.error(`frontdoor: no one-click sign-in: ${ProviderErrors.toError(error).message}`)
    return undefined
  }
}

/**
 * Adds the page's session from the wallet's CACAO (the one for the connection's chain). A failure is
 * told on the console: SIWXSignMessage then asks for the signature after connecting.
 */
export async function addSession(
  client: SignClient.Client,
  signIn: SignIn,
  auths: Authenticate.Cacao[],
  chainId: number,
) {
  const cacao = signIn.Authenticate.pick(auths, chainId)
  if (!cacao) return
  try {
    const session = signIn.Authenticate.sessionOf(cacao, (c) =>
      client.formatAuthMessage({ request: c.p, iss: c.p.iss }),
    )
    await signIn.calls.siwxAddSession(session)
    signIn.Authenticate.record(chainId)
  } catch (error) {
    signIn.Authenticate.record(chainId, error)
    console.error(
      `frontdoor: the one-click sign-in made no session: ${ProviderErrors.toError(error).message}`,
    )
  }
}
