import * as Errors from '@frontdoor/schemas/errors'
import type * as Features from '../features/Features.js'
import type * as Router from '../router/Router.js'
import type * as State from './State.js'

/**
 * Which views the page may open with `frontdoor.open({ view })`: a feature screen only while its
 * feature is on (spec section 2), an account view only while a wallet is connected, and never a view
 * the modal opens itself with data the page cannot give. Loaded with the first `open({ view })`.
 */

/** The feature each feature screen needs (spec section 2: it loads only when the feature is on). */
const FEATURE: Partial<Record<Router.View, [name: string, on: (features: Features.Features) => boolean]>> = {
  Send: ['send', (f) => f.send],
  Receive: ['receive', (f) => f.receive],
  EmailLogin: ['email', (f) => f.email],
  EmailVerifyOtp: ['email', (f) => f.email],
  UpdateEmailWallet: ['email', (f) => f.email],
  ConnectingFarcaster: ['socials', (f) => (f.socials as string[]).includes('farcaster')],
  AllWallets: ['allWallets', (f) => f.allWallets],
  Swap: ['swaps', (f) => f.swaps.length > 0],
  Buy: ['onramp', (f) => f.onramp.length > 0],
}

/** Views about the connected account. */
const NEEDS_CONNECTION: readonly Router.View[] = [
  'Account',
  'Send',
  'Receive',
  'ProfileWallets',
  'UpdateEmailWallet',
  'Swap',
  'Buy',
  'SwitchActiveChain',
  'UnsupportedChain',
  'RegisterAccountName',
  'RegisterAccountNameSuccess',
  'SIWXSignMessage',
]

/**
 * Views the modal opens itself, with data (the wallet picked, the request to approve, the payment, the
 * batch of wallet_showCallsStatus).
 */
const MODAL_ONLY: readonly Router.View[] = ['ConnectingExternal', 'ApproveTransaction', 'Pay', 'CallsStatus']

/** True when `view` is about the connected account (the page's open waits for the restore first). */
const needsConnection = (view: Router.View): boolean => NEEDS_CONNECTION.includes(view)

/**
 * Why the page may not open `view` now, as the message its `open()` rejects with; undefined when it
 * may.
 * @example refusal('Send', { features: { ...DEFAULTS, send: false }, connected: true })
 * // 'Cannot open Send: the send feature is off'
 */
export function refusal(
  view: Router.View,
  now: { features: Features.Features; connected: boolean; siwx?: boolean },
): string | undefined {
  if (view === 'SIWXSignMessage' && now.siwx === false) return Errors.INTERNAL.SIWX_NOT_ENABLED
  if (MODAL_ONLY.includes(view)) return `Cannot open ${view}: the modal opens it itself`
  const feature = FEATURE[view]
  if (feature && !feature[1](now.features)) return `Cannot open ${view}: the ${feature[0]} feature is off`
  if (!now.connected && needsConnection(view)) return `Cannot open ${view}: no wallet is connected`
  return undefined
}

/**
 * Waits until the state can tell (a feature screen for the features, an account view for the stored
 * connection), then throws the {@link refusal} of `view`, if any.
 */
export async function check(view: Router.View, state: State.StateStore): Promise<void> {
  const ready = (s: State.State) => s.featuresReady && (s.restored || !needsConnection(view))
  await new Promise<void>((resolve) => {
    if (ready(state.get())) return resolve()
    const stop = state.subscribe(() => {
      if (!ready(state.get())) return
      stop()
      resolve()
    })
  })
  const s = state.get()
  const refused = refusal(view, {
    features: s.features,
    connected: s.status === 'connected',
    siwx: s.host?.info.siwx === true,
  })
  if (refused) throw new Error(refused)
}
