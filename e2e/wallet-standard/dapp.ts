// The Solana dApp of e2e/wallet-standard, bundled for the browser by page.ts and added to the demo's
// one-line page (sdk.js from the stack's modal origin): the host SDK's Wallet Standard entry on that
// page's `window.frontdoor`, and the dApp's own @wallet-standard/app, through which it finds and uses
// the wallets as @solana/wallet-adapter does.
import { getWallets } from '@wallet-standard/app'
import type { Frontdoor } from '../../apps/host-sdk/src/index.js'
import { registerSolana } from '../../apps/host-sdk/src/solana/index.js'
import { outcome, toB64 } from './outcome.js'

const wallets = getWallets()
const byName = (name: string) => {
  const wallet = wallets.get().find((w) => w.name === name)
  if (!wallet) throw new Error(`No wallet named ${name}`)
  return wallet
}

/** A feature's method of the wallet `name`, as the dApp calls it. */
const method = (name: string, feature: string, key: string) => {
  const features = byName(name).features as Record<
    string,
    Record<string, (...args: unknown[]) => Promise<unknown>>
  >
  const found = features[feature]?.[key]
  if (!found) throw new Error(`${name} has no ${feature}`)
  return found
}

const dapp = {
  /** The wallets the dApp found, with their features. */
  wallets: () =>
    wallets.get().map((w) => ({ name: w.name, chains: [...w.chains], features: Object.keys(w.features) })),
  connect: (name: string, silent = false) =>
    outcome(async () => {
      const { accounts } = (await method(name, 'standard:connect', 'connect')({ silent })) as {
        accounts: { address: string; publicKey: Uint8Array; chains: string[] }[]
      }
      return accounts.map((a) => ({
        address: a.address,
        publicKey: toB64(Uint8Array.from(a.publicKey)),
        chains: a.chains,
      }))
    }),
  accounts: (name: string) => byName(name).accounts.map((a) => a.address),
  signMessage: (name: string, text: string) =>
    outcome(async () => {
      const wallet = byName(name)
      const [output] = (await method(
        name,
        'solana:signMessage',
        'signMessage',
      )({
        account: wallet.accounts[0],
        message: new TextEncoder().encode(text),
      })) as { signature: Uint8Array; signedMessage: Uint8Array }[]
      return {
        signature: toB64(output!.signature),
        signedMessage: new TextDecoder().decode(output!.signedMessage),
      }
    }),
  /**
   * signTransaction (`send`: signAndSendTransaction on `chain`, solana:localnet unless named) of a
   * serialized transaction (base64).
   */
  transaction: (name: string, transaction: string, send: boolean, chain = 'solana:localnet') =>
    outcome(async () => {
      const wallet = byName(name)
      const input = {
        account: wallet.accounts[0],
        transaction: Uint8Array.from(atob(transaction), (c) => c.charCodeAt(0)),
        ...(send ? { chain } : {}),
      }
      const [output] = (await (send
        ? method(name, 'solana:signAndSendTransaction', 'signAndSendTransaction')(input)
        : method(name, 'solana:signTransaction', 'signTransaction')(input))) as {
        signature?: Uint8Array
        signedTransaction?: Uint8Array
      }[]
      return toB64(Uint8Array.from((send ? output?.signature : output?.signedTransaction) ?? []))
    }),
  disconnect: (name: string) => outcome(() => method(name, 'standard:disconnect', 'disconnect')()),
}
// sdk.js sets window.frontdoor and says so with `frontdoor:ready`; this script runs before it.
window.addEventListener('frontdoor:ready', () => {
  const frontdoor = (window as unknown as { frontdoor: Frontdoor }).frontdoor
  registerSolana(frontdoor, { chains: ['solana:localnet'] })
  ;(window as unknown as { dapp: typeof dapp }).dapp = dapp
})
