import { formatUnits } from 'viem'
import * as BlockchainApi from '../account/BlockchainApi.js'
import * as Chain from '../chain/Chain.js'
import type * as Connections from './Connections.js'
import type * as State from './State.js'

/**
 * The account state the page sees beyond the address (spec section 3): the account type, the embedded
 * wallet's user and social provider, the profile name and image (`/v1/identity`), and the native
 * balance with its symbol. Loaded once a wallet is connected (never on the modal's first open); it
 * fills `state.account` for the connected address, again whenever the address or the chain changes.
 */

/** What the watcher needs. */
export type Options = {
  state: State.StateStore
  connections: Pick<Connections.Connections, 'connection' | 'embedded'>
  /** Where the API is and which project asks (the balance and identity reads). */
  context: Chain.Context
}

const LIMITS = { profileName: 255, profileImage: 2048 }
const fits = (value: string | null, max: number) => (value === null || value.length <= max ? value : null)

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
    if (sameAddress) {
      // Another chain: the smart account may be deployed on one and not the other.
      void deployment(address, s.chainId).catch(ignore)
      return
    }
    stopUser()
    stopUser = () => {}
    set(address, { preferredAccountType: 'eoa' })
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
      void deployment(address, chainId).catch(() => {})
    },
  }
}

/** The watcher of the connected account. */
export type Watcher = ReturnType<typeof watch>
