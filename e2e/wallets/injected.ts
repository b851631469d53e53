import * as Addresses from '@frontdoor/protocol/addresses'
import * as Calls from '@frontdoor/protocol/calls'
import type { Page } from '@playwright/test'
import { createWalletClient, type Hex, http, type TypedDataDefinition } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import * as WalletCalls from './calls.js'

/**
 * An injected test wallet: an EIP-6963 provider that a test adds to the host page, as a browser
 * extension would. The page holds only a thin EIP-1193 shim; every request crosses to Node
 * (Playwright's exposeBinding), where a viem account on the devnet answers it: signatures are real,
 * transactions are mined. The test decides what the wallet's user does (approve or reject).
 */

/** What the wallet's user does with the next request of a method. */
export type Answer = 'approve' | 'reject'

export type Options = {
  privateKey: Hex
  /** The chain the wallet starts on (default 31337). */
  chainId?: number
  name?: string
  rdns?: string
  /** Chains the wallet knows before any wallet_addEthereumChain (default: both devnets). */
  knownChains?: number[]
  /**
   * Take the RPC URL wallet_addEthereumChain gives for a chain the wallet has no node of, and use it
   * for that chain's reads and sends, as extensions do (default false: such a chain is refused).
   */
  acceptAddedChains?: boolean
  /**
   * EIP-5792 (wallet_sendCalls, wallet_getCallsStatus, wallet_getCapabilities; e2e/wallets/calls.ts):
   * true answers them; false (the default) answers -32601 'method not found', as extensions without it do.
   */
  eip5792?: boolean
}

/** A wallet's error answer. */
export type RpcError = { code: number; message: string }
const REJECTED: RpcError = { code: 4001, message: 'User rejected the request.' }
const unauthorized: RpcError = {
  code: 4100,
  message: 'The requested account has not been authorized by the user.',
}

const ICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 8 8'%3E%3Crect width='8' height='8' rx='2' fill='%23f60'/%3E%3C/svg%3E"

/** The devnet RPC of a chain, from the stack's addresses. */
function rpcOf(chainId: number): string | undefined {
  const addresses = Addresses.from(process.env)
  if (chainId === 31337) return addresses.DEVNET_31337_URL
  if (chainId === 31338) return addresses.DEVNET_31338_URL
  return undefined
}

/**
 * Installs the wallet in `page` (before its scripts run; it survives reloads). Returns the handle the
 * test drives: the address, what the user answers, the requests seen, and events to emit.
 */
export async function install(page: Page, options: Options) {
  const account = privateKeyToAccount(options.privateKey)
  const known = new Set(options.knownChains ?? [31337, 31338])
  let chainId = options.chainId ?? 31337
  // RPC URLs wallet_addEthereumChain gave (acceptAddedChains), per chain.
  const added = new Map<number, string>()
  const rpc = (id: number) => rpcOf(id) ?? added.get(id)
  let authorized = false
  const answers = new Map<string, Answer>()
  // The error a rejection of a method answers with (4001 unless the test names another).
  const rejections = new Map<string, RpcError>()
  const requests: { method: string; params: unknown }[] = []
  // Requests of a method held until the test releases them (the wallet's user has not answered yet).
  const holds = new Map<string, Promise<void>>()
  const calls = WalletCalls.create({ account, rpcOf: rpc, chains: () => [...known] })

  const emit = (event: string, data: unknown) =>
    page.evaluate(([e, d]) => (window as unknown as TestWindow).__frontdoorTestWalletEmit?.(e, d), [
      event,
      data,
    ] as const)

  async function handle(method: string, params: unknown): Promise<{ result: unknown } | { error: RpcError }> {
    requests.push({ method, params })
    const held = holds.get(method)
    holds.delete(method)
    await held
    const answer = answers.get(method)
    answers.delete(method)
    const rejected = rejections.get(method) ?? REJECTED
    rejections.delete(method)
    const list = Array.isArray(params) ? params : []
    switch (method) {
      case 'eth_requestAccounts':
        if (answer === 'reject') return { error: rejected }
        authorized = true
        return { result: [account.address] }
      case 'eth_accounts':
        return { result: authorized ? [account.address] : [] }
      case 'eth_chainId':
        return { result: `0x${chainId.toString(16)}` }
      case 'wallet_revokePermissions':
        authorized = false
        return { result: null }
      case 'wallet_switchEthereumChain': {
        const next = Number.parseInt(String((list[0] as { chainId?: string })?.chainId), 16)
        if (!known.has(next)) return { error: { code: 4902, message: `Unrecognized chain ID ${next}` } }
        if (answer === 'reject') return { error: rejected }
        if (next !== chainId) {
          chainId = next
          await emit('chainChanged', `0x${next.toString(16)}`)
        }
        return { result: null }
      }
      case 'wallet_addEthereumChain': {
        const next = Number.parseInt(String((list[0] as { chainId?: string })?.chainId), 16)
        const given = (list[0] as { rpcUrls?: string[] })?.rpcUrls?.[0]
        if (options.acceptAddedChains && given && !rpcOf(next)) added.set(next, given)
        if (answer === 'reject' || !rpc(next)) return { error: rejected }
        known.add(next)
        return { result: null }
      }
    }
    if (Calls.isCallsMethod(method) && !options.eip5792) return { error: WalletCalls.NOT_FOUND }
    if (!authorized) return { error: unauthorized }
    if (answer === 'reject') return { error: rejected }
    if (Calls.isCallsMethod(method)) {
      try {
        return { result: calls.answer(method, params) }
      } catch (error) {
        return { error: error as RpcError }
      }
    }
    switch (method) {
      case 'personal_sign':
        return { result: await account.signMessage({ message: { raw: list[0] as Hex } }) }
      case 'eth_signTypedData_v4':
        return { result: await account.signTypedData(JSON.parse(String(list[1])) as TypedDataDefinition) }
      case 'eth_sendTransaction': {
        const tx = list[0] as { to?: Hex; value?: Hex; data?: Hex; gas?: Hex }
        const client = createWalletClient({ account, transport: http(rpc(chainId)) })
        const hash = await client.sendTransaction({
          chain: null,
          to: tx.to ?? null,
          ...(tx.value ? { value: BigInt(tx.value) } : {}),
          ...(tx.data ? { data: tx.data } : {}),
          ...(tx.gas ? { gas: BigInt(tx.gas) } : {}),
        })
        return { result: hash }
      }
    }
    // Reads go to the chain, as an extension's own node would answer them.
    const response = await fetch(rpc(chainId) ?? '', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }),
    })
    const body = (await response.json()) as { result?: unknown; error?: RpcError }
    return body.error ? { error: body.error } : { result: body.result }
  }

  await page.exposeBinding('__frontdoorTestWallet', (_source, method: string, params: unknown) =>
    handle(method, params).catch((error: Error) => ({ error: { code: -32603, message: error.message } })),
  )
  await page.addInitScript(
    ({ name, rdns, icon }) => {
      const w = window as unknown as TestWindow
      const listeners = new Map<string, Set<(value: unknown) => void>>()
      const provider = {
        async request({ method, params }: { method: string; params?: unknown }) {
          const reply = await w.__frontdoorTestWallet(method, params)
          if ('error' in reply)
            throw Object.assign(new Error(reply.error.message), { code: reply.error.code })
          return reply.result
        },
        on(event: string, listener: (value: unknown) => void) {
          if (!listeners.has(event)) listeners.set(event, new Set())
          listeners.get(event)?.add(listener)
        },
        removeListener(event: string, listener: (value: unknown) => void) {
          listeners.get(event)?.delete(listener)
        },
      }
      w.__frontdoorTestWalletEmit = (event, data) => {
        for (const listener of listeners.get(event) ?? []) listener(data)
      }
      const detail = Object.freeze({
        info: Object.freeze({ uuid: crypto.randomUUID(), name, icon, rdns }),
        provider,
      })
      const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
      window.addEventListener('eip6963:requestProvider', announce)
      announce()
    },
    { name: options.name ?? 'Test Wallet', rdns: options.rdns ?? 'dev.frontdoor.testwallet', icon: ICON },
  )

  return {
    address: account.address,
    name: options.name ?? 'Test Wallet',
    /** The chain the wallet is on now. */
    chainId: () => chainId,
    /** Whether the wallet has authorized the page. */
    authorized: () => authorized,
    /**
     * What the user answers to the next request of `method`; a rejection answers `error` (default 4001
     * 'User rejected the request.'), for the codes other wallets send.
     */
    answerNext(method: string, answer: Answer, error?: RpcError) {
      answers.set(method, answer)
      if (error) rejections.set(method, error)
    },
    /** Every request the page (through Frontdoor) made, in order. */
    requests,
    /**
     * Holds the next request of `method` unanswered (its user has not looked yet) until the returned
     * function is called.
     */
    holdNext(method: string): () => void {
      let release = () => {}
      holds.set(method, new Promise<void>((resolve) => (release = resolve)))
      return () => release()
    },
    /** The transaction hashes of EIP-5792 batch `id`, in call order. */
    batchHashes: calls.hashesOf,
    /** The wallet's user switches chain in the extension (chainChanged reaches the page). */
    async switchTo(next: number) {
      chainId = next
      await emit('chainChanged', `0x${next.toString(16)}`)
    },
    /** The extension disconnects the site. */
    async disconnect() {
      authorized = false
      await emit('accountsChanged', [])
    },
  }
}

type TestWindow = {
  __frontdoorTestWallet: (
    method: string,
    params: unknown,
  ) => Promise<{ result: unknown } | { error: RpcError }>
  __frontdoorTestWalletEmit?: (event: string, data: unknown) => void
}

export type InjectedWallet = Awaited<ReturnType<typeof install>>
