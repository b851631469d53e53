import { Directory } from '@frontdoor/schemas'
import { type ComponentType, lazy } from 'react'
import * as z from 'zod/mini'
import { ConnectView } from '../views/connect/ConnectView.js'
import type * as Router from './Router.js'

/**
 * The route table: every view of the modal, declared once with the schema of the data it is opened
 * with, its component and its title. Only the Connect view (the first-open path) is in the first
 * chunk; every other view is its own chunk, fetched when it first shows. The App checks a view's data
 * against its schema before rendering it; data that does not fit shows the error view.
 */

/** A view's route: the schema of its data, its component (given the parsed data) and its title. */
export type Route<S extends z.ZodMiniType = z.ZodMiniType> = {
  data: S
  component: ComponentType<{ data: z.output<S> }>
  /** The header's title; a function reads it from the data (the wallet's name). */
  title: string | ((data: z.output<S>) => string)
  /** Fetches the view's chunk ahead of time (EmailLogin, once email login is on). */
  preload?: () => Promise<unknown>
}

/** A view whose chunk loads on first render, or earlier through `preload`. */
function lazyView<P>(load: () => Promise<{ default: ComponentType<P> }>) {
  return { component: lazy(load), preload: load }
}

const route = <S extends z.ZodMiniType>(value: Route<S>): Route<S> => value

/** The data of a view opened with none. */
const NONE = z.undefined()

/** ConnectingExternal for an injected wallet of the page, named by its EIP-6963 rdns. */
export const InjectedData = z.object({ rdns: z.string().check(z.minLength(1)), name: z.string() })
/** The data of ConnectingExternal for an injected wallet. */
export type InjectedData = z.output<typeof InjectedData>

/** ConnectingExternal for a social login, whose popup the Connect click opened. */
export const SocialData = z.object({ social: z.string().check(z.minLength(1)), name: z.string() })
/** The data of ConnectingExternal for a social login. */
export type SocialData = z.output<typeof SocialData>

/** ConnectingWalletConnect for a wallet picked in a list (absent: any wallet, the WalletConnect mark). */
export const WalletConnectData = z.optional(
  z.object({
    id: z.string().check(z.minLength(1)),
    name: z.string(),
    image_url: z.optional(z.string()),
    wallet: z.optional(Directory.Wallet),
  }),
)
/** The data of ConnectingWalletConnect. */
export type WalletConnectData = z.output<typeof WalletConnectData>

/** EmailLogin: the address the Connect view took. */
export const EmailData = z.object({ email: z.string().check(z.minLength(1)) })
/** The data of EmailLogin. */
export type EmailData = z.output<typeof EmailData>

/** ApproveTransaction: the RPC method the embedded wallet asks the user to approve. */
const ApproveData = z.object({ method: z.string() })

/** CallsStatus: the EIP-5792 batch id whose status the embedded wallet shows (wallet_showCallsStatus). */
const CallsData = z.object({ id: z.string() })

/** RegisterAccountNameSuccess: the name just registered. */
const NameData = z.object({ name: z.string().check(z.minLength(1)) })

/** Buy: what to preset, e.g. `{ amount: '50', asset: 'ETH' }` (the amount in the payment currency). */
const BuyData = z.optional(
  z.object({
    amount: z.optional(z.string()),
    asset: z.optional(z.string()),
    currency: z.optional(z.enum(['USD', 'EUR'])),
  }),
)
/** The data of Buy. */
export type BuyData = z.output<typeof BuyData>

/** ConnectingFarcaster: the provider picked (always farcaster today). */
const FarcasterData = z.optional(z.object({ social: z.string() }))

const external = {
  injected: lazyView(() => import('../views/external/ConnectingExternal.js')),
  social: lazyView(() => import('../views/social/ConnectingSocial.js')),
}
const placeholder = lazyView(() => import('../views/placeholder/Placeholder.js'))
/** A view of the spec that is not built yet: an honest 'Not available yet'. */
const notYet = (title: string) => route({ data: NONE, title, component: placeholder.component })

/** The error view, for a view opened with data its schema refuses. */
export const ErrorView = lazy(() => import('../views/error/ErrorView.js'))

const email = lazyView(() => import('../views/email/EmailLogin.js'))

/** Every view of the modal (spec section 2), by name. */
export const ROUTES = {
  Connect: route({ data: NONE, title: 'Connect Wallet', component: ConnectView }),
  AllWallets: route({
    data: NONE,
    title: 'All Wallets',
    ...lazyView(() => import('../views/all-wallets/AllWallets.js')),
  }),
  ConnectingExternal: route({
    data: z.union([InjectedData, SocialData]),
    title: (data) => data.name,
    component: ({ data }) =>
      'social' in data ? (
        <external.social.component data={data} />
      ) : (
        <external.injected.component data={data} />
      ),
  }),
  ConnectingWalletConnect: route({
    data: WalletConnectData,
    title: (data) => data?.name ?? 'WalletConnect',
    ...lazyView(() => import('../views/walletconnect/ConnectingWalletConnect.js')),
  }),
  ConnectingWalletConnectBasic: route({
    data: NONE,
    title: 'WalletConnect',
    ...lazyView(() => import('../views/walletconnect/ConnectingWalletConnectBasic.js')),
  }),
  ConnectingFarcaster: route({
    data: FarcasterData,
    title: 'Farcaster',
    ...lazyView(() => import('../views/farcaster/ConnectingFarcaster.js')),
  }),
  EmailLogin: route({ data: EmailData, title: 'Email', ...email }),
  EmailVerifyOtp: notYet('EmailVerifyOtp'),
  Account: route({ data: NONE, title: 'Account', ...lazyView(() => import('../views/account/Account.js')) }),
  ProfileWallets: route({
    data: NONE,
    title: 'Wallets',
    ...lazyView(() => import('../views/profile-wallets/ProfileWallets.js')),
  }),
  UpdateEmailWallet: route({
    data: NONE,
    title: 'Update Email',
    ...lazyView(() => import('../views/update-email/UpdateEmailWallet.js')),
  }),
  SIWXSignMessage: route({
    data: NONE,
    title: 'Sign In',
    ...lazyView(() => import('../views/siwx/SIWXSignMessage.js')),
  }),
  ApproveTransaction: route({
    data: ApproveData,
    title: 'Approve Transaction',
    ...lazyView(() => import('../views/approve/ApproveTransaction.js')),
  }),
  Swap: route({ data: NONE, title: 'Swap', ...lazyView(() => import('../views/swap/Swap.js')) }),
  SwitchNetwork: route({
    data: NONE,
    title: 'Choose Network',
    ...lazyView(() => import('../views/networks/SwitchNetwork.js')),
  }),
  SwitchActiveChain: route({
    data: NONE,
    title: 'Choose Chain',
    ...lazyView(() => import('../views/networks/SwitchActiveChain.js')),
  }),
  UnsupportedChain: route({
    data: NONE,
    title: 'Switch Network',
    ...lazyView(() => import('../views/networks/UnsupportedChain.js')),
  }),
  RegisterAccountName: route({
    data: NONE,
    title: 'Choose Name',
    ...lazyView(() => import('../views/register-name/RegisterAccountName.js')),
  }),
  RegisterAccountNameSuccess: route({
    data: NameData,
    title: 'Name Registered',
    ...lazyView(() => import('../views/register-name/RegisterAccountNameSuccess.js')),
  }),
  Send: route({ data: NONE, title: 'Send', ...lazyView(() => import('../views/send/Send.js')) }),
  Receive: route({ data: NONE, title: 'Receive', ...lazyView(() => import('../views/receive/Receive.js')) }),
  Pay: route({ data: NONE, title: 'Pay', ...lazyView(() => import('../views/pay/Pay.js')) }),
  Buy: route({ data: BuyData, title: 'Buy', ...lazyView(() => import('../views/buy/Buy.js')) }),
  CallsStatus: route({
    data: CallsData,
    title: 'Batch Status',
    ...lazyView(() => import('../views/calls/CallsStatus.js')),
  }),
} satisfies { [V in Router.View]: Route<z.ZodMiniType> }

/** The data `view` takes when it is pushed (before its schema's defaults and transforms). */
export type Input<V extends Router.View> = z.input<(typeof ROUTES)[V]['data']>

/** What the App renders for the router's current entry: the view with its parsed data, or the error. */
export type Resolved =
  | { ok: true; route: Route; data: unknown; title: string }
  | { ok: false; title: string; error: string }

/**
 * Checks `data` against `view`'s schema: the route and the parsed data, or why the data does not fit
 * (the App then shows the error view instead of letting the view crash on it).
 *
 * @example
 * Routes.resolve('ConnectingExternal', undefined) // { ok: false, ... }: the view needs a wallet
 */
export function resolve(view: Router.View, data: unknown): Resolved {
  const entry = ROUTES[view] as Route
  const parsed = z.safeParse(entry.data, data)
  if (!parsed.success) {
    const where = (path: PropertyKey[]) => (path.length ? path.map(String).join('.') : 'data')
    const error = parsed.error.issues.map((issue) => `${where(issue.path)}: ${issue.message}`).join('; ')
    return { ok: false, title: view, error }
  }
  const title = typeof entry.title === 'function' ? entry.title(parsed.data) : entry.title
  return { ok: true, route: entry, data: parsed.data, title }
}
