import * as SolanaCluster from '@frontdoor/protocol/solana-cluster'
import type * as SolanaWallet from '@frontdoor/protocol/solana-wallet'
import type * as Network from '@frontdoor/schemas/entities/network'
import { useEffect, useMemo, useState } from 'react'
import type * as Embedded from '../connectors/embedded/Embedded.js'
import * as NamespaceAccounts from '../connectors/embedded/NamespaceAccounts.js'
import { ofUser } from '../connectors/solana/Account.js'
import { useController } from '../controller/context.js'
import type * as State from '../controller/State.js'
import * as Store from '../store/Store.js'
import { useStore } from '../store/useStore.js'

/**
 * The active chain family of the Account view and Send (spec section 2: SwitchActiveChain): eip155,
 * solana for a connection with a Solana account (the embedded wallet's vault key, on the cluster
 * the vault serves: the local cluster), or bip122, polkadot or cosmos for the embedded wallet's
 * accounts there. A family is chosen for one connected account: it goes back to
 * eip155 on disconnect or when another account connects (spec section 4: disconnect clears the
 * connected namespace). The page's EVM chain is left as it is.
 */

/**
 * A chain family the Account view can show: eip155, solana, or a namespace of the embedded wallet's
 * other accounts (Bitcoin, Polkadot, Cosmos: their address to receive on).
 */
export type Namespace = 'eip155' | 'solana' | NamespaceAccounts.Namespace

/** The family chosen and the connected (EVM) address it was chosen for. */
type Choice = { namespace: Namespace; address: string | undefined }

const EIP155: Choice = { namespace: 'eip155', address: undefined }

/** The local cluster as a CAIP network (the API's registry lists it the same), reached through the RPC proxy. */
export const SOLANA_NETWORK: Network.Network = {
  id: SolanaCluster.CAIP_NETWORK_ID.slice('solana:'.length),
  caipNetworkId: SolanaCluster.CAIP_NETWORK_ID,
  chainNamespace: 'solana',
  name: SolanaCluster.NAME,
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: [] } },
  testnet: true,
}

/** Creates the store of the choice; `choose` keeps it for the connected account of `state`. */
export function create() {
  const store = Store.create<Choice>(EIP155)
  let stop: (() => void) | undefined
  return {
    ...store,
    /**
     * Makes `namespace` the active family for the account connected in `state`; solana lasts until
     * that account is no longer connected.
     */
    choose(namespace: Namespace, state: Pick<State.StateStore, 'get' | 'subscribe'>) {
      const { address, status } = state.get()
      if (namespace === 'eip155' || status !== 'connected' || !address) {
        stop?.()
        stop = undefined
        store.set(EIP155)
        return
      }
      store.set({ namespace, address })
      stop ??= state.subscribe(() => {
        const now = state.get()
        if (now.status === 'connected' && now.address === store.get().address) return
        stop?.()
        stop = undefined
        store.set(EIP155)
      })
    },
  }
}

/** The store of the active family. */
export type ActiveChain = ReturnType<typeof create>

/** The frame's active family. */
export const frame: ActiveChain = create()

/**
 * The family active now: solana, or another family, only when it was chosen for the connected account
 * and that connection has an account there (`others`: the embedded wallet's other accounts).
 */
export function activeNamespace(
  choice: Choice,
  connected: { status: string; address: string | undefined },
  solana: SolanaWallet.Account | null,
  others: readonly NamespaceAccounts.Account[] = [],
): Namespace {
  if (choice.namespace === 'eip155' || connected.status !== 'connected') return 'eip155'
  if (connected.address !== choice.address) return 'eip155'
  const held =
    choice.namespace === 'solana'
      ? solana !== null
      : others.some((account) => account.namespace === choice.namespace)
  return held ? choice.namespace : 'eip155'
}

const NO_USER = Store.create<Embedded.State>({ user: undefined, login: undefined })

/** The embedded wallet's user when the connection is the embedded wallet, else undefined. */
function useEmbeddedUser() {
  const controller = useController()
  const { connectorId } = useStore(controller.connection)
  const isEmbedded = connectorId !== undefined && controller.connection.current()?.kind === 'embedded'
  const [embedded, setEmbedded] = useState<Embedded.Embedded>()
  useEffect(() => {
    if (isEmbedded) void controller.embedded().then(setEmbedded)
  }, [controller, isEmbedded])
  const { user } = useStore(embedded?.state ?? NO_USER)
  return { isEmbedded, user: isEmbedded ? user : undefined }
}

/** The Solana account of the connection (the embedded wallet's user's), or null. */
export function useSolanaAccount(): SolanaWallet.Account | null {
  const { isEmbedded, user } = useEmbeddedUser()
  return isEmbedded ? ofUser(user) : null
}

/** The connection's Bitcoin, Polkadot and Cosmos accounts (the embedded wallet's user's), or none. */
export function useNamespaceAccounts(): NamespaceAccounts.Account[] {
  const { user } = useEmbeddedUser()
  const caipAccounts = user?.caipAccounts
  // A new array only when the user's accounts change, so views depending on it do not re-render.
  return useMemo(() => NamespaceAccounts.of(caipAccounts), [caipAccounts])
}

/** The Solana account when solana is the active family, else undefined (the EVM views show). */
export function useActiveSolana(): SolanaWallet.Account | undefined {
  const controller = useController()
  const choice = useStore(frame)
  const { status, address } = useStore(controller.state)
  const solana = useSolanaAccount()
  return activeNamespace(choice, { status, address }, solana) === 'solana' ? (solana ?? undefined) : undefined
}

/** The account of the active family when it is Bitcoin, Polkadot or Cosmos, else undefined. */
export function useActiveNamespaceAccount(): NamespaceAccounts.Account | undefined {
  const controller = useController()
  const choice = useStore(frame)
  const { status, address } = useStore(controller.state)
  const others = useNamespaceAccounts()
  const active = activeNamespace(choice, { status, address }, null, others)
  return others.find((account) => account.namespace === active)
}
