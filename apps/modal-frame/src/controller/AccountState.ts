import * as AccountDetails from '@frontdoor/schemas/entities/account-details'
import type * as Token from '@frontdoor/schemas/entities/token'
import * as Balances from '@frontdoor/schemas/presentation/balances'
import { formatUnits } from 'viem'
import * as BlockchainApi from '../account/BlockchainApi.js'
import type * as Cache from '../account/Cache.js'
import * as Chain from '../chain/Chain.js'
import type * as Connections from './Connections.js'
import type * as State from './State.js'

/**
 * The account state the page sees beyond the address (spec section 3): the account type, the embedded
 * wallet's user and social provider, the profile name and image (`/v1/identity`), the native balance
 * with its symbol, the wallet it is connected through and its token balances (the Tokens tab's query:
 * one cache, one balance lock). Loaded once a wallet is connected (never on the modal's first open);
 * it fills `state.account` for the connected address, again whenever the address or the chain changes.
 */

/** What the watcher needs. */
export type Options = {
  state: State.StateStore
  connections: Pick<Connections.Connections, 'connection' | 'embedded'>
  /** Where the API is and which project asks (the balance and identity reads). */
  context: Chain.Context
  /** The modal's storage, where the account views' queries keep their records (Queries.frame). */
  backend?: Cache.Backend | undefined
}

const LIMITS = { profileName: 255, profileImage: 2048 }
const fits = (value: string | null, max: number) => (value === null || value.length <= max ? value : null)

/**
 * A token balance as the page's state carries it (AccountDetails.TokenBalanceState), or undefined when one of
 * its values does not fit there (it is left out rather than cut).
 */
function toState(balance: Token.TokenBalance): AccountDetails.TokenBalanceState | undefined {
  const { name, symbol, chainId, address, value, price, quantity, iconUrl } = balance
  const state = {
    name,
    symbol,
    chainId,
    ...(address === undefined ? {} : { address }),
    ...(value === undefined ? {} : { value }),
    price,
    quantity: { decimals: String(quantity.decimals), numeric: quantity.numeric },
    iconUrl,
  }
  return AccountDetails.TokenBalanceState.safeParse(state).success ? state : undefined
}

/** The page's token balances: 0-decimals tokens dropped (spec section 5), those that fit, at most the cap. */
export function tokenBalanceOf(balances: readonly Token.TokenBalance[]): AccountDetails.TokenBalanceState[] {
  return Balances.filterZeroDecimals(balances)
    .map(toState)
    .filter((b): b is AccountDetails.TokenBalanceState => b !== undefined)
    .slice(0, AccountDetails.TOKEN_BALANCES_MAX)
}

/** Starts watching the connected account; `refresh()` reads the balance again (after a wallet request). */
export function watch(options: Options) {
  const { state, connections, context } = options
  let key = ''
  let stopUser = () => {}

  /** Merges `patch` into the details of `address`, if it is still the connected one. */
  const set = (address: string, patch: Partial<State.AccountDetails>) =>
    state.set((s) =>
      s.address === address
        ? { ...s, account: { ...(s.account?.address === address ? s.account : { address }), ...patch } }
        : s,
    )

  async function balance(address: string, chainId: number) {
    const network = state.get().host?.info.networks.find((n) => n.caipNetworkId === `eip155:${chainId}`)
    if (!network) return
    const wei = await Chain.client(context, chainId).getBalance({ address: address as `0x${string}` })
    set(address, {
      balance: formatUnits(wei, network.nativeCurrency.decimals),
      balanceSymbol: network.nativeCurrency.symbol.slice(0, 16),
    })
  }

  /** The connected account's token balances on `chainId`, read as the Tokens tab reads them. */
  async function tokens(address: string, chainId: number, fresh = false) {
    const Queries = await import('../account/Queries.js')
    const queries = Queries.frame(options.backend)
    const embedded = connections.connection.current()?.kind === 'embedded'
    const request = connections.connection.request
    const balance = queries.balance({
      context,
      address,
      chainId,
      // The embedded wallet discovers its own assets (wallet_getAssets), as for the Tokens tab.
      wallet: embedded ? { request: (method, params) => request(method, params) } : undefined,
    })
    const balances = await queries.client.fetchQuery(fresh ? { ...balance, staleTime: 0 } : balance)
    set(address, { tokenBalance: tokenBalanceOf(balances) })
  }

  /** The wallet the account is connected through (its name, icon, connector kind, an injected one's rdns). */
  function walletInfo(): AccountDetails.ConnectedWalletInfo | undefined {
    const session = connections.connection.get().session
    const kind = connections.connection.current()?.kind
    if (!session) return undefined
    const { id, name, icon } = session.wallet
    const info = {
      name,
      ...(icon ? { icon } : {}),
      ...(kind ? { type: kind } : {}),
      ...(kind === 'injected' ? { rdns: id } : {}),
    }
    return AccountDetails.ConnectedWalletInfo.safeParse(info).success ? info : { name: name.slice(0, 255) }
  }

  async function identity(address: string) {
    const { name, avatar } = await BlockchainApi.identity(context, address)
    set(address, {
      profileName: fits(name, LIMITS.profileName),
      profileImage: fits(avatar, LIMITS.profileImage),
    })
  }

  /**
   * Whether the embedded wallet's smart account has code on the current chain: its first transaction
   * deploys it, so it is read again after each wallet request (refresh).
   */
  async function deployment(address: string, chainId: number) {
    if (connections.connection.current()?.kind !== 'embedded') return
    if (state.get().account?.preferredAccountType !== 'smartAccount') return
    const code = await Chain.client(context, chainId).getCode({ address: address as `0x${string}` })
    set(address, { smartAccountDeployed: code !== undefined && code !== '0x' })
  }

  /** The embedded wallet's user, login and account type, followed while it is the connected wallet. */
  async function embeddedUser(address: string) {
    const embedded = await connections.embedded.get()
    const apply = () => {
      const { user, login } = embedded.state.get()
      if (!user) return
      const type = user.accounts?.find((a) => a.address.toLowerCase() === address.toLowerCase())?.type
      const socialProvider =
        login?.method === 'social' ? login.provider : login?.method === 'farcaster' ? 'farcaster' : undefined
      set(address, {
        preferredAccountType: type ?? (user.preferredAccountType === 'smartAccount' ? 'smartAccount' : 'eoa'),
        user: {
          ...(user.email ? { email: user.email } : {}),
          ...(user.userName ? { userName: user.userName } : {}),
        },
        ...(socialProvider ? { socialProvider } : {}),
        ...(user.smartAccountDeployed === undefined
          ? {}
          : { smartAccountDeployed: user.smartAccountDeployed }),
      })
    }
    apply()
    const chainId = state.get().chainId
    if (chainId) await deployment(address, chainId)
    stopUser = embedded.state.subscribe(apply)
  }

  function follow() {
    const s = state.get()
    const next = s.status === 'connected' && s.address && s.chainId ? `${s.address}:${s.chainId}` : ''
    if (next === key) return
    const sameAddress = key.split(':')[0] === s.address
    key = next
    if (!next || !s.address || !s.chainId) {
      stopUser()
      if (s.account) state.set((prev) => ({ ...prev, account: undefined }))
      return
    }
    const address = s.address
    const ignore = () => {}
    void balance(address, s.chainId).catch(ignore)
    void tokens(address, s.chainId).catch(ignore)
    if (sameAddress) {
      // Another chain: the smart account may be deployed on one and not the other.
      void deployment(address, s.chainId).catch(ignore)
      return
    }
    stopUser()
    stopUser = () => {}
    const wallet = walletInfo()
    set(address, { preferredAccountType: 'eoa', ...(wallet ? { connectedWalletInfo: wallet } : {}) })
    void identity(address).catch(ignore)
    if (connections.connection.current()?.kind === 'embedded') void embeddedUser(address).catch(ignore)
  }
  state.subscribe(follow)
  follow()

  return {
    /** Reads the connected account's balance again. */
    refresh() {
      const { address, chainId, status } = state.get()
      if (status !== 'connected' || !address || !chainId) return
      void balance(address, chainId).catch(() => {})
      void tokens(address, chainId, true).catch(() => {})
      void deployment(address, chainId).catch(() => {})
    },
  }
}

/** The watcher of the connected account. */
export type Watcher = ReturnType<typeof watch>
