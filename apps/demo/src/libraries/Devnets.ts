import type * as HostSdk from '@frontdoor/host-sdk'
import { defineChain } from 'viem'

const devnet = (id: number, url: string) =>
  defineChain({
    id,
    name: `Devnet ${id}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [url] } },
    testnet: true,
  })

/** The devnets of packages/devnet as viem chains (wagmi's `chains`). */
export const CHAINS = [
  devnet(31337, import.meta.env.VITE_DEVNET_31337_URL),
  devnet(31338, import.meta.env.VITE_DEVNET_31338_URL),
] as const

/** The chain `chainId`, if it is one of the devnets. */
export function chainOf(chainId: number | undefined) {
  return CHAINS.find((chain) => chain.id === chainId)
}

/** The `createFrontdoor()` options every library page shares (without `networks`). */
export const OPTIONS = {
  projectId: 'demo',
  metadata: { name: 'Frontdoor demo (libraries)', url: location.origin },
  modalUrl: import.meta.env.VITE_MODAL_URL,
} satisfies Omit<HostSdk.Options, 'networks'>

/** The receiver the pages send to by default (dev account 1; the e2e tests fill in their own). */
export const DEFAULT_RECEIVER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** An error as the pages show it: `code: message` for EIP-1193 errors, else the message's first line. */
export function describeError(error: unknown): string {
  const e = error as { code?: unknown; shortMessage?: string; message?: string }
  const text = (e.shortMessage ?? e.message ?? String(error)).split('\n')[0]
  return typeof e.code === 'number' || typeof e.code === 'string' ? `${e.code}: ${text}` : String(text)
}
