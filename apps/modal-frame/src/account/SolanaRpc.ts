import * as Errors from '@frontdoor/protocol/errors'
import * as JsonRpc from '@frontdoor/protocol/json-rpc'
import type * as BlockchainApi from './BlockchainApi.js'

/**
 * The modal's reads of a Solana cluster for Send, through the API's RPC proxy (`/v1/?chainId=solana:…`):
 * the blockhash a transaction names, whether an account exists (the receiver, its token account, the
 * mint's program), the fee of a message, the rent a new account must hold, and a signature's status.
 * One attempt each (framed by protocol's json-rpc; a failure is the one `ProviderRpcError`): the view
 * shows it and the visitor tries again.
 */

/** The proxy's URL of cluster `network` (CAIP-2). */
function url(context: BlockchainApi.Context, network: string): string {
  return `${context.apiUrl}/v1/?${new URLSearchParams({ chainId: network, projectId: context.projectId })}`
}

/** Creates the reads of cluster `network` for the API of `context`; `fetcher` is the browser's fetch. */
export function create(context: BlockchainApi.Context, network: string, fetcher: typeof fetch = fetch) {
  const options = { fetch: fetcher, init: { credentials: 'omit' } } as const
  const call = async <T>(method: string, params: unknown[]) =>
    (await JsonRpc.post(url(context, network), method, params, options)) as T
  const commitment = { commitment: 'confirmed' }
  return {
    /** The latest blockhash a transaction may name. */
    async latestBlockhash(): Promise<string> {
      return (await call<{ value: { blockhash: string } }>('getLatestBlockhash', [commitment])).value
        .blockhash
    },
    /**
     * The account at `address` (its lamports, owner program and data size when the cluster says it), or
     * null when it does not exist.
     */
    async account(address: string): Promise<{ lamports: number; owner: string; space?: number } | null> {
      const answer = await call<{ value: { lamports: number; owner: string; space?: number } | null }>(
        'getAccountInfo',
        [address, { ...commitment, encoding: 'base64', dataSlice: { offset: 0, length: 0 } }],
      )
      if (!answer.value) return null
      const { lamports, owner, space } = answer.value
      return { lamports, owner, ...(typeof space === 'number' ? { space } : {}) }
    },
    /** The fee of a message (base64), in lamports. */
    async feeForMessage(message: string): Promise<bigint> {
      const answer = await call<{ value: number | null }>('getFeeForMessage', [message, commitment])
      if (answer.value === null)
        throw Errors.providerError('invalidParams', 'The network fee is unknown: the blockhash expired')
      return BigInt(answer.value)
    },
    /** The least lamports an account of `size` bytes must hold (rent exemption). */
    async rentExemption(size: number): Promise<bigint> {
      return BigInt(await call<number>('getMinimumBalanceForRentExemption', [size]))
    },
    /** The status of a signature: confirmed (or finalized), failed with its error, or not seen yet. */
    async status(signature: string): Promise<'confirmed' | 'pending' | { error: string }> {
      const answer = await call<{
        value: ({ err: unknown; confirmationStatus?: string | null } | null)[]
      }>('getSignatureStatuses', [[signature]])
      const status = answer.value[0]
      if (!status) return 'pending'
      if (status.err) return { error: JSON.stringify(status.err) }
      return status.confirmationStatus === 'processed' ? 'pending' : 'confirmed'
    },
  }
}

/** The reads of one cluster. */
export type SolanaRpc = ReturnType<typeof create>
