import * as Errors from '@frontdoor/protocol/errors'
import type * as HostModal from '@frontdoor/protocol/host-modal'
import * as Pay from '@frontdoor/protocol/pay'
import * as SchemaErrors from '@frontdoor/schemas/errors'
import { erc20Abi } from 'viem'
import { getAddress, isAddress } from 'viem/utils'
import type * as HostBridge from '../bridge/HostBridge.js'
import * as Chain from '../chain/Chain.js'
import type * as Connections from '../controller/Connections.js'
import type * as State from '../controller/State.js'
import type * as Env from '../env/Env.js'
import type * as Modal from '../modal/Modal.js'
import type * as Router from '../router/Router.js'
import * as Store from '../store/Store.js'
import * as Rules from './Rules.js'

/**
 * Pay (`frontdoor.pay()`, spec section 2's `pay` feature screen): the page's request checked against
 * the chain, kept while the Pay view shows it, and settled once: the mined transaction's hash, 4001
 * when the visitor declines or closes the modal before paying, or the error of a reverted payment.
 * Loaded with the first payment; the Pay view (views/pay) reads {@link current}.
 */

/** The asset paid: the network's coin (no address) or an ERC-20, with what its contract says. */
export type Asset = { address?: `0x${string}`; symbol: string; name: string; decimals: number }

/** A payment as the Pay view shows it: the page's request, checked on the page's network. */
export type Payment = {
  chainId: number
  /** The network's name (the page's CAIP network). */
  network: string
  /** The network's coin, for the fee. */
  native: { symbol: string; decimals: number }
  asset: Asset
  /** The amount as the page gave it, and in the asset's base units. */
  amount: string
  units: bigint
  /** The recipient, checksummed. */
  recipient: `0x${string}`
}

/** The payment waiting for the visitor, and how it ends. */
export type Pending = {
  payment: Payment
  /** The mined payment's hash: the page's promise resolves with it. */
  paid: (hash: `0x${string}`) => void
  /** The page's promise rejects with `error` (4001: declined). */
  fail: (error: Error) => void
  /** The visitor clicked Pay: closing the modal now no longer declines (the wallet's answer decides). */
  paying: () => void
  /** The wallet failed (not a decline) and the review shows again: closing the modal declines again. */
  reviewing: () => void
}

/** The payment the Pay view shows (undefined: none waits). */
export const current: Store.Store<Pending | undefined> = Store.create<Pending | undefined>(undefined)

/** What a payment needs of the modal (HostLink's options). */
export type Deps = {
  env: Pick<Env.Env, 'apiUrl' | 'projectId'>
  state: State.StateStore
  router: Router.Router
  modal: Modal.Modal
  connections: Pick<Connections.Connections, 'continueWith'>
}

const invalid = (message: string) =>
  new Errors.ProviderRpcError(Errors.PROVIDER_ERRORS.invalidParams.code, message)

/**
 * Reads what the page asks to pay on `network`: the native coin, or an ERC-20 whose contract answers
 * `decimals()`, `symbol()` and `name()`; the amount within the asset's decimals and above zero; a
 * recipient whose mixed-case address passes its checksum. Throws -32602 errors naming the field.
 */
export async function check(
  request: Pay.PayRequest,
  network: HostModal.HostInfo['networks'][number],
  context: Chain.Context,
): Promise<Payment> {
  const chainId = Number(network.id)
  let asset: Asset
  // An eip155 value is in wei whatever decimals the page's network declares: the amount shown must
  // be the amount sent.
  if (request.asset === Pay.NATIVE) asset = { ...network.nativeCurrency, decimals: Rules.NATIVE_DECIMALS }
  else {
    const address = getAddress(request.asset as `0x${string}`)
    const client = Chain.client(context, chainId)
    const [code, decimals, symbol, name] = await Promise.all([
      client.getCode({ address }),
      client.readContract({ address, abi: erc20Abi, functionName: 'decimals' }),
      client.readContract({ address, abi: erc20Abi, functionName: 'symbol' }),
      client.readContract({ address, abi: erc20Abi, functionName: 'name' }),
    ]).catch(() => [])
    if (!code || code === '0x' || decimals === undefined || !symbol)
      throw invalid(Rules.unknownAsset(request.asset, network.name))
    asset = { address, symbol, name: name ?? symbol, decimals }
  }
  const units = Rules.amountUnits(request.amount, asset)
  if (typeof units === 'string') throw invalid(units)
  if (!isAddress(request.recipient)) throw invalid(Rules.RECIPIENT_CHECKSUM)
  return {
    chainId,
    network: network.name,
    native: { symbol: network.nativeCurrency.symbol, decimals: Rules.NATIVE_DECIMALS },
    asset,
    amount: request.amount,
    units,
    recipient: getAddress(request.recipient as `0x${string}`),
  }
}

/** The page's `pay` call: refused when the feature is off or a payment waits; else shown until settled. */
export async function request(
  params: Pay.PayRequest,
  deps: Deps,
  host: () => HostBridge.Connected | undefined,
): Promise<`0x${string}`> {
  const { state, router, modal, connections } = deps
  await new Promise<void>((resolve) => {
    const ready = () => state.get().featuresReady && state.get().restored
    if (ready()) return resolve()
    const stop = state.subscribe(() => {
      if (!ready()) return
      stop()
      resolve()
    })
  })
  if (!state.get().features.payments)
    throw new Errors.ProviderRpcError(Errors.PROVIDER_ERRORS.unsupportedMethod.code, Rules.PAYMENTS_OFF)
  const busy = () => {
    if (current.get()) throw new Errors.ProviderRpcError(-32002, Rules.PAYMENT_PENDING)
  }
  busy()
  const s = state.get()
  const network = s.host?.info.networks.find((n) => n.caipNetworkId === `eip155:${s.chainId}`)
  if (!network) throw Errors.providerError('chainDisconnected')
  const payment = await check(params, network, {
    apiUrl: deps.env.apiUrl,
    projectId: deps.env.projectId ?? '',
  })
  busy()

  return new Promise((resolve, reject) => {
    let paying = false
    let stop = () => {}
    const end = () => {
      stop()
      connections.continueWith(undefined)
      current.set(undefined)
    }
    current.set({
      payment,
      paid: (hash) => {
        end()
        resolve(hash)
      },
      fail: (error) => {
        end()
        reject(error)
      },
      paying: () => {
        paying = true
      },
      reviewing: () => {
        paying = false
      },
    })
    if (s.status === 'connected') router.resetByName('Pay')
    else {
      // Connect first, then on to the payment (Connections.connect).
      connections.continueWith('Pay')
      router.resetByName('Connect')
    }
    // Open the modal, and the page's dialog.
    modal.open()
    host()
      ?.remote.open()
      .catch(() => {})
    // Closing the modal before paying declines.
    stop = modal.subscribe(() => {
      if (!modal.get().open && !paying) current.get()?.fail(Errors.providerError('userRejectedRequest'))
    })
  })
}

/** The error a payment's receipt gives the page: none when mined, else reverted or not confirmed. */
export function outcome(status: 'success' | 'reverted' | undefined, hash: string): Error | undefined {
  if (status === 'success') return undefined
  const message = status === 'reverted' ? SchemaErrors.EXECUTION_REVERTED : Rules.NOT_CONFIRMED
  return new Errors.ProviderRpcError(Errors.PROVIDER_ERRORS.internalError.code, message, { hash })
}
