import * as JsonRpc from '@frontdoor/protocol/json-rpc'
import * as Accounts from './Accounts.js'
import * as Deployment from './Deployment.js'

/** The chain id a node at `url` answers, or undefined when it does not answer. */
export async function chainId(url: string): Promise<number | undefined> {
  const result = await JsonRpc.probe(url, 'eth_chainId')
  return typeof result === 'string' ? Number(result) : undefined
}

/**
 * Resolves true when the node at `url` is a devnet whose seeding completed: the deployer sent every
 * seed transaction and the stablecoin, the EntryPoint and both account factories have code. The stack's
 * health check for the devnet parts.
 */
export async function isSeeded(url: string): Promise<boolean> {
  const id = await chainId(url)
  if (id === undefined || !Deployment.isChainId(id)) return false
  const { tokens, accountAbstraction } = Deployment.forChain(id)
  const contracts = [
    tokens.FUSD.address,
    accountAbstraction.entryPoint,
    accountAbstraction.simpleAccountFactory,
    accountAbstraction.frontdoorAccountFactory,
  ]
  const [nonce, ...codes] = await Promise.all([
    JsonRpc.probe(url, 'eth_getTransactionCount', [Accounts.DEPLOYER.address, 'latest']),
    ...contracts.map((address) => JsonRpc.probe(url, 'eth_getCode', [address, 'latest'])),
  ])
  return (
    typeof nonce === 'string' &&
    Number(nonce) >= Deployment.SEED_TRANSACTIONS &&
    codes.every((code) => typeof code === 'string' && code.length > 2)
  )
}
