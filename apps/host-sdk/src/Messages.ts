import * as z from 'zod/mini'

// The host <-> modal messages, validated with zod at the receiving side, both ways. These move to
// packages/protocol (`host-modal.ts`) once it lands; both ends import them from one place meanwhile.

/** Dapp metadata shown in the modal. */
export const Metadata = z.object({
  name: z.string().check(z.maxLength(100)),
  description: z.optional(z.string().check(z.maxLength(500))),
  url: z.optional(z.string().check(z.maxLength(2048))),
  icons: z.optional(z.array(z.string().check(z.maxLength(2048))).check(z.maxLength(8))),
})
export type Metadata = z.infer<typeof Metadata>

/** The theme: light or dark, and the variables a page may set. */
export const ThemeMode = z.enum(['light', 'dark'])
export type ThemeMode = z.infer<typeof ThemeMode>
export const ThemeVariables = z.object({
  /** Accent colour, any CSS colour. */
  accent: z.optional(z.string().check(z.maxLength(64))),
  /** Font family list. */
  font: z.optional(z.string().check(z.maxLength(200))),
  /** Corner radius in px of the modal's card. */
  radius: z.optional(z.number().check(z.gte(0), z.lte(40))),
})
export type ThemeVariables = z.infer<typeof ThemeVariables>
export const Theme = z.object({ themeMode: ThemeMode, themeVariables: ThemeVariables })
export type Theme = z.infer<typeof Theme>

/** An EVM network the page supports. */
export const Network = z.object({
  id: z.number().check(z.int(), z.positive()),
  name: z.string().check(z.maxLength(100)),
  nativeCurrency: z.optional(
    z.object({ name: z.string(), symbol: z.string(), decimals: z.number().check(z.int()) }),
  ),
  testnet: z.optional(z.boolean()),
})
export type Network = z.infer<typeof Network>

/** Feature options of `createFrontdoor({ features })` (the remote project config may override them). */
export const Features = z.object({
  email: z.optional(z.boolean()),
  socials: z.optional(z.union([z.array(z.string()), z.literal(false)])),
  swaps: z.optional(z.union([z.array(z.string()), z.literal(false)])),
  onramp: z.optional(z.union([z.array(z.string()), z.boolean()])),
  activity: z.optional(z.boolean()),
  send: z.optional(z.boolean()),
  receive: z.optional(z.boolean()),
  analytics: z.optional(z.boolean()),
  allWallets: z.optional(z.boolean()),
  multiWallet: z.optional(z.boolean()),
  connectMethodsOrder: z.optional(z.array(z.string())),
})
export type Features = z.infer<typeof Features>

/** What the host tells the modal at the handshake. */
export const HostInfo = z.object({
  projectId: z.string().check(z.maxLength(64)),
  metadata: Metadata,
  networks: z.array(Network).check(z.maxLength(100)),
  features: z.optional(Features),
  theme: Theme,
  mode: z.enum(['modal', 'inline']),
  sdkVersion: z.string().check(z.maxLength(32)),
})
export type HostInfo = z.infer<typeof HostInfo>

/** `open(options)`: the view to show (Connect by default). */
export const OpenOptions = z.object({ view: z.optional(z.string().check(z.maxLength(64))) })
export type OpenOptions = z.infer<typeof OpenOptions>

/** An injected wallet the host page found by EIP-6963. */
export const InjectedWallet = z.object({
  uuid: z.string().check(z.maxLength(64)),
  name: z.string().check(z.maxLength(100)),
  icon: z.string().check(z.maxLength(100_000)),
  rdns: z.string().check(z.maxLength(200)),
})
export type InjectedWallet = z.infer<typeof InjectedWallet>
export const InjectedWallets = z.array(InjectedWallet).check(z.maxLength(50))

/** Connection status (spec section 4). */
export const Status = z.enum(['disconnected', 'connecting', 'reconnecting', 'connected'])
export type Status = z.infer<typeof Status>

/** A state snapshot the modal sends the host after every change. */
export const State = z.object({
  open: z.boolean(),
  status: Status,
  address: z.optional(z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))),
  chainId: z.optional(z.number().check(z.int(), z.positive())),
  view: z.string().check(z.maxLength(64)),
})
export type State = z.infer<typeof State>

/** An EIP-1193 request forwarded to the modal. */
export const RpcRequest = z.object({
  method: z.string().check(z.minLength(1), z.maxLength(100)),
  params: z.optional(z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())])),
})
export type RpcRequest = z.infer<typeof RpcRequest>

/** Its answer: a result or an EIP-1193 error. */
export const RpcResponse = z.union([
  z.object({ result: z.unknown() }),
  z.object({
    error: z.object({ code: z.number().check(z.int()), message: z.string(), data: z.optional(z.unknown()) }),
  }),
])
export type RpcResponse = z.infer<typeof RpcResponse>

/** Methods the host exposes to the modal. */
export type HostMethods = {
  hostInfo: () => HostInfo
  state: (state: unknown) => void
  requestClose: () => void
}

/** Methods the modal exposes to the host. */
export type ModalMethods = {
  open: (options: unknown) => void
  close: () => void
  theme: (theme: unknown) => void
  injectedWallets: (wallets: unknown) => void
  request: (request: unknown) => RpcResponse
}

/** Parses `value` with `schema`; throws 'Invalid message: ...' so a bad message is never acted on. */
export function parse<T>(schema: z.ZodMiniType<T>, value: unknown): T {
  const result = z.safeParse(schema, value)
  if (!result.success) throw new Error(`Invalid message: ${result.error.issues[0]?.message ?? 'bad shape'}`)
  return result.data
}
