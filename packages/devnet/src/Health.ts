import * as Accounts from './Accounts.js'
import * as Deployment from './Deployment.js'

const REQUEST_TIMEOUT_MS = 1_000

/** One JSON-RPC call with a short timeout; resolves undefined on any failure. */
export async function call(url: string, method: string, params: unknown[] = []): Promise<unknown> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    })
    const body = (await response.json()) as { result?: unknown }
    return body.result
  } catch {
    return undefined
  }
}

/** The chain id a node at `url` answers, or undefined when it does not answer. */
export async function chainId(url: string): Promise<number | undefined> {
  const result = await call(url, 'eth_chainId')
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
    call(url, 'eth_getTransactionCount', [Accounts.DEPLOYER.address, 'latest']),
    ...contracts.map((address) => call(url, 'eth_getCode', [address, 'latest'])),
  ])
  return (
    typeof nonce === 'string' &&
    Number(nonce) >= Deployment.SEED_TRANSACTIONS &&
    codes.every((code) => typeof code === 'string' && code.length > 2)
  )
}
