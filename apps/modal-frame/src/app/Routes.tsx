import { type ComponentType, lazy } from 'react'
import * as z from 'zod/mini'
import type * as Router from '../router/Router.js'
import * as Schemas from '../router/Schemas.js'
import { ConnectView } from '../views/connect/ConnectView.js'

/**
 * The route table: every view of the modal with its component and its title; the schema of the data
 * it is opened with is router/Schemas.ts's. Only the Connect view (the first-open path) is in the first
 * chunk; every other view is its own chunk, fetched when it first shows. The App checks a view's data
 * against its schema before rendering it; data that does not fit shows the error view.
 */

/** A view's route: its component (given the data its schema parsed) and its title. */
export type Route<D = unknown> = {
  component: ComponentType<{ data: D }>
  /** The header's title; a function reads it from the data (the wallet's name). */
  title: string | ((data: D) => string)
  /** Fetches the view's chunk ahead of time (EmailLogin, once email login is on). */
  preload?: () => Promise<unknown>
}

/** A view whose chunk loads on first render, or earlier through `preload`. */
function lazyView<P>(load: () => Promise<{ default: ComponentType<P> }>) {
  return { component: lazy(load), preload: load }
}

const external = {
  injected: lazyView(() => import('../views/external/ConnectingExternal.js')),
  social: lazyView(() => import('../views/social/ConnectingSocial.js')),
}
const placeholder = lazyView(() => import('../views/placeholder/Placeholder.js'))
/** A view of the spec that is not built yet: an honest 'Not available yet'. */
const notYet = (title: string): Route<undefined> => ({ title, component: placeholder.component })

/** The error view, for a view opened with data its schema refuses. */
export const ErrorView = lazy(() => import('../views/error/ErrorView.js'))

const email = lazyView(() => import('../views/email/EmailLogin.js'))

/** Every view of the modal (spec section 2), by name. */
export const ROUTES = {
  Connect: { title: 'Connect Wallet', component: ConnectView },
  AllWallets: { title: 'All Wallets', ...lazyView(() => import('../views/all-wallets/AllWallets.js')) },
  ConnectingExternal: {
    title: (data) => data.name,
    component: ({ data }) =>
      'social' in data ? (
        <external.social.component data={data} />
      ) : (
        <external.injected.component data={data} />
      ),
  },
  ConnectingWalletConnect: {
    title: (data) => data?.name ?? 'WalletConnect',
    ...lazyView(() => import('../views/walletconnect/ConnectingWalletConnect.js')),
  },
  ConnectingWalletConnectBasic: {
    title: 'WalletConnect',
    ...lazyView(() => import('../views/walletconnect/ConnectingWalletConnectBasic.js')),
  },
  ConnectingFarcaster: {
    title: 'Farcaster',
    ...lazyView(() => import('../views/farcaster/ConnectingFarcaster.js')),
  },
  EmailLogin: { title: 'Email', ...email },
  EmailVerifyOtp: notYet('EmailVerifyOtp'),
  Account: { title: 'Account', ...lazyView(() => import('../views/account/Account.js')) },
  ProfileWallets: {
    title: 'Wallets',
    ...lazyView(() => import('../views/profile-wallets/ProfileWallets.js')),
  },
  UpdateEmailWallet: {
    title: 'Update Email',
    ...lazyView(() => import('../views/update-email/UpdateEmailWallet.js')),
  },
  SIWXSignMessage: { title: 'Sign In', ...lazyView(() => import('../views/siwx/SIWXSignMessage.js')) },
  ApproveTransaction: {
    title: 'Approve Transaction',
    ...lazyView(() => import('../views/approve/ApproveTransaction.js')),
  },
  Swap: { title: 'Swap', ...lazyView(() => import('../views/swap/Swap.js')) },
  SwitchNetwork: { title: 'Choose Network', ...lazyView(() => import('../views/networks/SwitchNetwork.js')) },
  SwitchActiveChain: {
    title: 'Choose Chain',
    ...lazyView(() => import('../views/networks/SwitchActiveChain.js')),
  },
  UnsupportedChain: {
    title: 'Switch Network',
    ...lazyView(() => import('../views/networks/UnsupportedChain.js')),
  },
  RegisterAccountName: {
    title: 'Choose Name',
    ...lazyView(() => import('../views/register-name/RegisterAccountName.js')),
  },
  RegisterAccountNameSuccess: {
    title: 'Name Registered',
    ...lazyView(() => import('../views/register-name/RegisterAccountNameSuccess.js')),
  },
  Send: { title: 'Send', ...lazyView(() => import('../views/send/Send.js')) },
  Receive: { title: 'Receive', ...lazyView(() => import('../views/receive/Receive.js')) },
  Pay: { title: 'Pay', ...lazyView(() => import('../views/pay/Pay.js')) },
  Buy: { title: 'Buy', ...lazyView(() => import('../views/buy/Buy.js')) },
  CallsStatus: { title: 'Batch Status', ...lazyView(() => import('../views/calls/CallsStatus.js')) },
} satisfies { [V in Router.View]: Route<Schemas.Data<V>> }

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
  const parsed = z.safeParse(Schemas.SCHEMAS[view], data)
  if (!parsed.success) {
    const where = (path: PropertyKey[]) => (path.length ? path.map(String).join('.') : 'data')
    const error = parsed.error.issues.map((issue) => `${where(issue.path)}: ${issue.message}`).join('; ')
    return { ok: false, title: view, error }
  }
  const title = typeof entry.title === 'function' ? entry.title(parsed.data) : entry.title
  return { ok: true, route: entry, data: parsed.data, title }
}
