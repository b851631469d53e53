import type * as HostModal from '@frontdoor/protocol/host-modal'
import type { Account, Directory } from '@frontdoor/schemas'
import type * as ConnectionStorage from '../connection/Storage.js'
import type * as Merge from '../connectors/injected/Merge.js'
import type * as Env from '../env/Env.js'
import * as Features from '../features/Features.js'
import * as Store from '../store/Store.js'
import * as Alerts from './Alerts.js'

/** The theme with its defaults filled in. */
export type Theme = { themeMode: 'light' | 'dark'; themeVariables: HostModal.ThemeVariables }

/** Everything the views read, besides the router and the modal flags. */
export type State = {
  /** The host page, once the handshake is done and its origin checked. */
  host: { origin: string; info: HostModal.HostInfo } | undefined
  /** A blocking alert (invalid configuration, missing project id ...). */
  alert: Alerts.Alert | undefined
  features: Features.Features
  /** True once the remote config has answered (or failed); the Connect view renders meanwhile. */
  featuresReady: boolean
  theme: Theme
  /** The page's injected wallets; one with both an EIP-6963 and a Wallet Standard side once (injected/Merge.ts). */
  injected: Merge.Listed[]
  /** Featured / recommended wallets from `/getWallets` and the directory size. */
  wallets: Directory.Wallet[]
  walletCount: number
  recent: ConnectionStorage.RecentWallet[]
  /** Mirrors the connection controller: status, the current account and chain. */
  status: HostModal.State['status']
  address: string | undefined
  chainId: number | undefined
  /** True once the stored connections were restored (or there were none to restore). */
  restored: boolean
  /** True while sign-in (SIWX) is required and the account has no session (siwx/Siwx.ts keeps it). */
  signInLock?: boolean
  /**
   * True once a toast was asked for while disconnected (an alert's: 'Session Expired', 'Network Not
   * Found' ...): the toast region, mounted while connected, is mounted from then on too.
   */
  toasts?: boolean
  /** The connected account's details, once read (they belong to `address` only when theirs matches). */
  account: AccountDetails | undefined
}

/**
 * What the modal knows of the connected account `address` beyond the address (spec section 3's account
 * state: account type, the embedded wallet's user, profile, balance). AccountState.ts fills it.
 */
export type AccountDetails = { address: string } & Omit<
  Account.AccountState,
  'caipAddress' | 'address' | 'status'
>

/** The modal's state store. */
export type StateStore = Store.Store<State>

/** The state before the host connected: defaults, and the recent wallets kept in storage. */
export function create(
  env: Pick<Env.Env, 'projectId'>,
  recent: ConnectionStorage.RecentWallet[],
): StateStore {
  return Store.create<State>({
    host: undefined,
    alert: Alerts.initial(env),
    features: Features.DEFAULTS,
    featuresReady: false,
    theme: { themeMode: 'light', themeVariables: {} },
    injected: [],
    wallets: [],
    walletCount: 0,
    recent,
    status: 'disconnected',
    address: undefined,
    chainId: undefined,
    restored: false,
    account: undefined,
  })
}

/** The theme the host asked for, with the defaults filled in. */
export function withDefaults(theme: HostModal.Theme): Theme {
  return { themeMode: theme.themeMode ?? 'light', themeVariables: theme.themeVariables ?? {} }
}
