import { decodeFunctionResult, encodeFunctionData, erc20Abi, erc721Abi, type Hex } from 'viem'
import type * as ChainRpc from './ChainRpc.js'
import type * as Store from './Store.js'

/** The longest name or symbol kept. */
const TEXT_MAX = 200
/** The longest image URL (data: URIs included) kept. */
export const IMAGE_MAX = 100_000

/** A string answer cut to a sane length, or null when it is not a string. */
const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, TEXT_MAX) : null)

function readCall<T>(
  abi: typeof erc20Abi | typeof erc721Abi,
  functionName: string,
  settled: ChainRpc.Settled<Hex> | undefined,
): T | null {
  if (!settled?.ok || settled.result === '0x') return null
  try {
    return decodeFunctionResult({ abi, functionName, data: settled.result } as never) as T
  } catch {
    return null
  }
}

/**
 * Reads name, symbol and (ERC-20) decimals of token contracts with one batch of `eth_call`s. A contract
 * that does not answer gets null fields: it is still a token its logs describe.
 */
export async function tokens(
  rpc: ChainRpc.ChainRpc,
  found: ReadonlyMap<string, 'erc20' | 'erc721'>,
): Promise<Store.TokenRow[]> {
  const entries = [...found]
  const calls = entries.flatMap(([address, standard]) =>
    (standard === 'erc20' ? (['name', 'symbol', 'decimals'] as const) : (['name', 'symbol'] as const)).map(
      (functionName) => ({
        method: 'eth_call',
        params: [{ to: address, data: encodeFunctionData({ abi: erc20Abi, functionName }) }, 'latest'],
      }),
    ),
  )
  const settled = await rpc.settle<Hex>(calls)
  let at = 0
  return entries.map(([address, standard]) => {
    const abi = standard === 'erc20' ? erc20Abi : erc721Abi
    const name = text(readCall<string>(abi, 'name', settled[at++]))
    const symbol = text(readCall<string>(abi, 'symbol', settled[at++]))
    const decimals = standard === 'erc20' ? readCall<number>(erc20Abi, 'decimals', settled[at++]) : null
    return {
      chainId: rpc.chainId,
      address,
      standard,
      name,
      symbol,
      decimals: typeof decimals === 'number' && decimals <= 255 ? decimals : null,
    }
  })
}

/**
 * The name and image of an ERC-721 tokenURI when it is a `data:application/json` URI. Other URIs are not
 * fetched (the API does not reach out to arbitrary hosts).
 */
export function parseTokenUri(uri: string): { name: string | null; image: string | null } {
  const none = { name: null, image: null }
  const match = /^data:application\/json(;[^,]*)?,/i.exec(uri)
  if (!match) return none
  const payload = uri.slice(match[0].length)
  let json: unknown
  try {
    json = JSON.parse(match[1]?.toLowerCase().includes('base64') ? atob(payload) : payload)
  } catch {
    try {
      json = JSON.parse(decodeURIComponent(payload))
    } catch {
      return none
    }
  }
  if (!json || typeof json !== 'object') return none
  const { name, image } = json as { name?: unknown; image?: unknown }
  const safeImage =
    typeof image === 'string' && image.length <= IMAGE_MAX && /^(https?:|data:image\/)/i.test(image)
      ? image
      : null
  return { name: text(name), image: safeImage }
}

/** Reads the tokenURI of ERC-721 items (`contract:tokenId`) and keeps their name and image. */
export async function nftItems(rpc: ChainRpc.ChainRpc, keys: readonly string[]): Promise<Store.NftItemRow[]> {
  const items = keys.map((key) => {
    const [contract, tokenId] = key.split(':') as [string, string]
    return { contract, tokenId }
  })
  const settled = await rpc.settle<Hex>(
    items.map((item) => ({
      method: 'eth_call',
      params: [
        {
          to: item.contract,
          data: encodeFunctionData({
            abi: erc721Abi,
            functionName: 'tokenURI',
            args: [BigInt(item.tokenId)],
          }),
        },
        'latest',
      ],
    })),
  )
  return items.map((item, i) => {
    const uri = readCall<string>(erc721Abi, 'tokenURI', settled[i])
    return { chainId: rpc.chainId, ...item, ...(uri ? parseTokenUri(uri) : { name: null, image: null }) }
  })
}
