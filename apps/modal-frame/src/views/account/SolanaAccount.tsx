import type * as SolanaWallet from '@frontdoor/protocol/solana-wallet'
import * as BalancesView from '@frontdoor/schemas/presentation/balances'
import * as Format from '@frontdoor/schemas/presentation/format'
import { useQuery } from '@tanstack/react-query'
import * as ActiveChain from '../../account/ActiveChain.js'
import { useQueries } from '../../account/Context.js'
import * as SolanaAvatar from '../../account/SolanaAvatar.js'
import { useController } from '../../controller/context.js'
import { useStore } from '../../store/useStore.js'
import { Avatar } from '../../ui/Avatar.js'
import * as AccountParts from './AccountParts.js'
import { TokensTab } from './TokensTab.js'

/**
 * The Account view while solana is the active chain family (a chunk of its own): the connection's
 * Solana address, its SOL and SPL balances from the balance API, the network (to switch back), Send,
 * and the wallet's footer. Activity and names are eip155 only (spec section 1), so neither shows.
 */
export default function SolanaAccount({ account }: { account: SolanaWallet.Account }) {
  const controller = useController()
  const { features } = useStore(controller.state)
  const queries = useQueries()
  const { apiUrl, projectId } = controller.env
  const network = ActiveChain.SOLANA_NETWORK
  const context = { apiUrl, projectId: projectId ?? '' }
  const balances = useQuery(queries.solanaBalance(context, account.address, network.caipNetworkId))
  AccountParts.useRefetchOnOpen()
  const tokens = BalancesView.filterZeroDecimals(balances.data ?? [])

  return (
    <div className="fd-account" data-namespace="solana">
      <AccountParts.Head
        address={account.address}
        avatar={<Avatar address={SolanaAvatar.seed(account.address)} />}
        title={Format.truncateAddress(account.address)}
        titleTestId="solana-address"
        balances={balances}
        tokens={tokens}
        network={network}
        chainId={network.id}
      />

      {features.send ? (
        <div className="fd-actions">
          <AccountParts.SendAction />
        </div>
      ) : null}

      <TokensTab balances={balances.data} status={balances.status} apiUrl={apiUrl} network={network} />

      <AccountParts.Foot />
    </div>
  )
}
