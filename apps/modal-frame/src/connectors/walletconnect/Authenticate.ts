import type * as Bridge from '@frontdoor/protocol/bridge'
import * as Siwx from '@frontdoor/protocol/siwx'
import { SiwxMessage } from '@frontdoor/schemas'
import { EVENT } from '@frontdoor/schemas/api/analytics'
import * as Track from '../../analytics/Track.js'
import type * as HostBridge from '../../bridge/HostBridge.js'
import type * as Namespaces from './Namespaces.js'

/**
 * One-click sign-in over WalletConnect (spec section 7's wallet-session authenticate): when the page
 * set `siwx`, the pairing asks the wallet to sign the page's sign-in message as it connects
 * (`wc_sessionAuthenticate` through sign-client's `authenticate`), and the CACAO it answers with
 * becomes the page's session. A wallet without it answers the session proposal sent beside the
 * request, and SIWXSignMessage asks for the signature after connecting. Spec section 5: for a single
 * eip155 namespace only. This module loads only when the page set `siwx`.
 */

type SignClientModule = typeof import('@walletconnect/sign-client')
type Client = InstanceType<SignClientModule['SignClient']>

/** sign-client's `authenticate` params. */
export type Params = Parameters<Client['authenticate']>[0]

/** A CACAO (CAIP-74) the wallet signed, as sign-client gives it. */
export type Cacao = NonNullable<
  Awaited<ReturnType<Awaited<ReturnType<Client['authenticate']>>['response']>>['auths']
>[number]

/** The page's sign-in calls the connector makes (the host answers them, siwx/Siwx.ts makes the same). */
export type Calls = Pick<Bridge.Remote<typeof Siwx.HostMessages>, 'siwxCreateMessage' | 'siwxAddSession'>

/**
 * The page's `createMessage` is asked before the wallet names its account: the message gets this
 * address, which the CACAO's issuer replaces. A real address so that a page checking it (viem's
 * createSiweMessage does) still writes its message.
 */
export const UNKNOWN_ACCOUNT = '0x0000000000000000000000000000000000000000'

/** The page's sign-in calls, from the host bridge (when the page set `siwx`). */
export function calls(host: Pick<HostBridge.Connected, 'extend'>): Calls {
  return host.extend(Siwx.HostMessages)
}

/** Whether the proposal may pair with one-click sign-in: a single namespace, and it is eip155. */
export function eligible(proposal: Partial<Record<string, unknown>>): boolean {
  const namespaces = Object.keys(proposal).filter((key) => proposal[key] !== undefined)
  return namespaces.length === 1 && namespaces[0] === 'eip155'
}

/**
 * Whether the page's message is for the page itself: its domain is the host's (the handshake's
 * origin) and its URI on that origin. The wallet is asked to sign nothing for another site; the
 * sign-in view (which checks the same) asks after connecting instead.
 */
export function forSite(data: Pick<Siwx.CreatedMessage['data'], 'domain' | 'uri'>, origin: string): boolean {
  try {
    return data.domain === new URL(origin).host && new URL(data.uri).origin === origin
  } catch {
    return false
  }
}

/**
 * sign-client's `authenticate` params from the page's message and the proposal's eip155 namespace:
 * the spec's nonce, domain, uri, exp, iat, nbf, requestId, version, resources, statement, chainId,
 * methods and chains (the chain to sign on first).
 *
 * @example
 * const { data } = await calls.siwxCreateMessage({ accountAddress: UNKNOWN_ACCOUNT, chainId: 'eip155:1' })
 * await client.authenticate(Authenticate.params(data, proposal.eip155))
 */
export function params(
  data: Siwx.CreatedMessage['data'],
  namespace: Pick<Namespaces.Proposal['eip155'], 'chains' | 'methods'>,
): Params {
  const optional = {
    exp: data.expirationTime,
    iat: data.issuedAt,
    nbf: data.notBefore,
    requestId: data.requestId,
    resources: data.resources,
    statement: data.statement,
  }
  return {
    nonce: data.nonce,
    domain: data.domain,
    uri: data.uri,
    version: data.version,
    chainId: data.chainId,
    methods: [...namespace.methods],
    chains: [...namespace.chains],
    // What the page's message leaves out is not sent (sign-client fills iat itself).
    ...(Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined)) as {
      [K in keyof typeof optional]?: NonNullable<(typeof optional)[K]>
    }),
  }
}

/**
 * The CACAO to keep: the one signed on `chainId` (the connection's chain), else the first. The
 * page's nonce is single-use, so one session is added, not one per CACAO.
 */
export function pick(auths: readonly Cacao[], chainId: number): Cacao | undefined {
  return auths.find((cacao) => chainOf(cacao.p.iss) === chainId) ?? auths[0]
}

/** The chain id of a `did:pkh:eip155:<id>:<address>` issuer. */
function chainOf(iss: string): number | undefined {
  const match = /^did:pkh:eip155:(\d+):/.exec(iss)
  return match ? Number(match[1]) : undefined
}

/**
 * The page's session from a CACAO: the message the wallet signed (`format`, sign-client's
 * `formatAuthMessage`, writes it from the CACAO), its data read back from that text, the signature and
 * the CACAO itself.
 *
 * @throws SiwxMessage.MessageError when the signed text is not a sign-in message.
 */
export function sessionOf(cacao: Cacao, format: (cacao: Cacao) => string): Siwx.Session {
  const message = format(cacao)
  return {
    data: SiwxMessage.parse(message),
    message,
    signature: cacao.s.s,
    cacao: cacao as unknown as Record<string, unknown>,
  }
}

/**
 * Records how a one-click sign-in ended, as the sign-in view records its own: SIWX_SUCCESS, or
 * SIWX_ERROR when no session came of the CACAO; connector kind, chain and `oneClick`, nothing else.
 */
export function record(chainId: number, error?: unknown) {
  const where = { connectorId: 'walletConnect', chainId }
  if (error === undefined) Track.outcome(EVENT.SIWX_SUCCESS, where, { oneClick: true })
  else Track.outcome(EVENT.SIWX_ERROR, where, { oneClick: true }, error)
}
