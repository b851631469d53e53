import type * as Names from '@frontdoor/api/identity/Names'
import type * as Registry from '@frontdoor/api/indexer/Registry'
import type * as Server from '@frontdoor/api/Server'
import { DEV_ACCOUNTS } from '@frontdoor/devnet/accounts'
import * as Deployment from '@frontdoor/devnet/deployment'
import { Caip } from '@frontdoor/schemas'
import * as SolanaGenesis from '@frontdoor/solana/genesis'
import * as DevOidc from './DevOidc.js'

/**
 * The development stand-ins the API starts with under `npm start` (and in the tests that need them):
 * what the devnets seed (tokens, the spam collection, the AMM that prices them), the dev account's
 * name, and the dev OIDC provider. The production API (`apps/api/src/main.ts`) starts without them.
 */

/** The name seeded for dev account 0, so the modal has one to show before names can be registered. */
export const DEV_ACCOUNT_NAME: Names.Entry = {
  name: 'devnet.frontdoor.id',
  address: DEV_ACCOUNTS[0]?.address ?? '',
}

/**
 * What the API knows of each devnet (its seeded tokens, spam collection and Uniswap-v2 AMM) and of
 * the local Solana cluster (its seeded SPL token, so balances name it).
 */
export function registry(): Registry.Chain[] {
  const { mint, name, symbol, decimals } = SolanaGenesis.TOKEN
  const solana: Registry.Chain = {
    chainId: SolanaGenesis.CAIP_NETWORK_ID,
    tokens: [{ address: mint, name, symbol, decimals }],
    spamCollections: new Set(),
  }
  const devnets = Deployment.CHAIN_IDS.map((chainId) => {
    const deployment = Deployment.forChain(chainId)
    const { FUSD, DOOR, PTS, WETH } = deployment.tokens
    return {
      chainId: Caip.formatCaip2('eip155', chainId),
      tokens: [FUSD, DOOR, PTS, WETH],
      spamCollections: new Set(deployment.spamCollections),
      amm: {
        factory: deployment.uniswap.factory,
        router: deployment.uniswap.router,
        stable: FUSD,
        wrappedNative: WETH,
      },
    }
  })
  return [...devnets, solana]
}

/**
 * All the stand-ins, as `Server.start` takes them. DEV_OIDC_CLIENT_SECRET (in `env`) is the dev OIDC
 * provider's client secret; several API nodes must share it, as the edge sends every /oidc request to
 * one of them while any of them may redeem a code (random per process when unset).
 *
 * @example
 * const server = await Server.start({ env: process.env, ...StandIns.all(process.env) })
 */
export function all(env: Record<string, string | undefined> = {}): Required<Server.StandIns> {
  const clientSecret = env.DEV_OIDC_CLIENT_SECRET || undefined
  return {
    registry: registry(),
    names: [DEV_ACCOUNT_NAME],
    devOidc: (options) => DevOidc.create({ ...options, clientSecret: options.clientSecret ?? clientSecret }),
  }
}
