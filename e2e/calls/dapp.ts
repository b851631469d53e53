import {
  createPublicClient,
  createWalletClient,
  custom,
  type EIP1193Provider,
  type Hex,
  http,
  type TypedDataDefinition,
} from 'viem'
import {
  getCallsStatus,
  getCapabilities,
  sendCalls,
  showCallsStatus,
  signMessage,
  signTypedData,
  verifyMessage,
  verifyTypedData,
  waitForCallsStatus,
} from 'viem/actions'

/**
 * The dapp of the EIP-5792 tests, bundled for the browser (calls.e2e.ts puts it on the demo page): it
 * finds Frontdoor's provider by EIP-6963 as a dapp library would, and calls viem's sendCalls,
 * getCallsStatus, waitForCallsStatus, showCallsStatus and getCapabilities on a wallet client over it.
 * It signs with viem's signMessage / signTypedData on the same client, and verifies signatures as a
 * dapp does, in the page: viem's verifyMessage / verifyTypedData on a public client of the devnet's
 * own node (ERC-6492 and ERC-1271 for a smart account). Each call runs under a key; the test reads its
 * outcome (pending, resolved, rejected) while it runs and after.
 */

type Outcome =
  | { state: 'pending' }
  | { state: 'resolved'; value: unknown }
  | { state: 'rejected'; code: unknown; name: string; details: unknown; message: string }

const devnet = {
  id: 31337,
  name: 'Devnet 31337',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [] as string[] } },
} as const

let found: Promise<EIP1193Provider> | undefined
/** Frontdoor's provider (rdns dev.frontdoor), announced by EIP-6963. */
function provider(): Promise<EIP1193Provider> {
  found ??= new Promise((resolve) => {
    const onAnnounce = (event: Event) => {
      const detail = (event as CustomEvent).detail
      if (detail?.info?.rdns !== 'dev.frontdoor') return
      window.removeEventListener('eip6963:announceProvider', onAnnounce)
      resolve(detail.provider)
    }
    window.addEventListener('eip6963:announceProvider', onAnnounce)
    window.dispatchEvent(new Event('eip6963:requestProvider'))
  })
  return found
}

async function client(account: Hex) {
  return createWalletClient({ account, chain: devnet, transport: custom(await provider()) })
}

/** JSON-safe (bigints as decimal strings): the test reads it across page.evaluate. */
const plain = (value: unknown) =>
  JSON.parse(JSON.stringify(value ?? null, (_key, v) => (typeof v === 'bigint' ? v.toString() : v)))

type Args = {
  account: Hex
  calls?: { to: Hex; data?: Hex; value?: string }[]
  forceAtomic?: boolean
  id?: string
  chainId?: number
  message?: string
  typedData?: TypedDataDefinition
  signature?: Hex
  /** The devnet node's JSON-RPC URL, for the public client that verifies signatures. */
  rpcUrl?: string
}

/** A public client of the devnet's node (verifyMessage's ERC-6492 / ERC-1271 calls go to it). */
const reader = (rpcUrl = '') => createPublicClient({ chain: devnet, transport: http(rpcUrl) })

const actions = {
  sendCalls: async (a: Args) =>
    sendCalls(await client(a.account), {
      calls: (a.calls ?? []).map((c) => ({
        to: c.to,
        ...(c.data ? { data: c.data } : {}),
        ...(c.value ? { value: BigInt(c.value) } : {}),
      })),
      ...(a.forceAtomic ? { forceAtomic: true } : {}),
    }),
  getCallsStatus: async (a: Args) => getCallsStatus(await client(a.account), { id: a.id ?? '' }),
  waitForCallsStatus: async (a: Args) =>
    waitForCallsStatus(await client(a.account), { id: a.id ?? '', pollingInterval: 250, timeout: 60_000 }),
  getCapabilities: async (a: Args) =>
    getCapabilities(await client(a.account), a.chainId ? { chainId: a.chainId } : {}),
  showCallsStatus: async (a: Args) => showCallsStatus(await client(a.account), { id: a.id ?? '' }),
  signMessage: async (a: Args) => signMessage(await client(a.account), { message: a.message ?? '' }),
  signTypedData: async (a: Args) =>
    signTypedData(await client(a.account), a.typedData as TypedDataDefinition),
  verifyMessage: async (a: Args) =>
    verifyMessage(reader(a.rpcUrl), {
      address: a.account,
      message: a.message ?? '',
      signature: a.signature ?? '0x',
    }),
  verifyTypedData: async (a: Args) =>
    verifyTypedData(reader(a.rpcUrl), {
      ...(a.typedData as TypedDataDefinition),
      address: a.account,
      signature: a.signature ?? '0x',
    }),
}

const outcomes = new Map<string, Outcome>()

/** The EIP-1193 code of an error viem threw: on it or on an error it wraps. */
function codeOf(error: unknown): unknown {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (typeof e.code === 'number') return e.code
  return undefined
}

const dapp = {
  /** Starts viem action `action` under `key`. */
  start(key: string, action: keyof typeof actions, args: Args) {
    outcomes.set(key, { state: 'pending' })
    actions[action](args).then(
      (value) => outcomes.set(key, { state: 'resolved', value: plain(value) }),
      (error: { code?: unknown; name?: string; details?: unknown; message?: string }) =>
        outcomes.set(key, {
          state: 'rejected',
          code: codeOf(error),
          name: String(error.name),
          details: error.details,
          message: String(error.message),
        }),
    )
  },
  /** The outcome of the call under `key`. */
  outcome: (key: string): Outcome | undefined => outcomes.get(key),
}

;(window as unknown as { __dapp: typeof dapp }).__dapp = dapp
