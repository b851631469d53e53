// The dApp of e2e/solana-script-tag, bundled for the browser by the spec and added to its one-line
// page before the page's scripts: it has no Frontdoor code at all, only its own @wallet-standard/app,
// through which it finds and uses the wallets as @solana/wallet-adapter does. Frontdoor's wallet comes
// from the script tag (sdk.js with data-solana, which loads solana.js).
import { getWallets } from '@wallet-standard/app'
import { outcome, toB64 } from '../wallet-standard/outcome.js'

const wallets = getWallets()
/** The wallets' names as their register events arrived. */
const registered: string[] = []
wallets.on('register', (...added) => registered.push(...added.map((wallet) => wallet.name)))

const byName = (name: string) => {
  const wallet = wallets.get().find((w) => w.name === name)
  if (!wallet) throw new Error(`No wallet named ${name}`)
  return wallet
}
const feature = <T>(name: string, key: string) => {
  const found = (byName(name).features as Record<string, unknown>)[key]
  if (!found) throw new Error(`${name} has no ${key}`)
  return found as T
}

const dapp = {
  names: () => wallets.get().map((w) => w.name),
  registered: () => registered.slice(),
  chains: (name: string) => [...byName(name).chains],
  connect: (name: string) =>
    outcome(async () => {
      const { connect } = feature<{
        connect: () => Promise<{ accounts: { address: string; publicKey: Uint8Array; chains: string[] }[] }>
      }>(name, 'standard:connect')
      const { accounts } = await connect()
      return accounts.map((a) => ({
        address: a.address,
        publicKey: toB64(Uint8Array.from(a.publicKey)),
        chains: [...a.chains],
      }))
    }),
  signMessage: (name: string, text: string) =>
    outcome(async () => {
      const { signMessage } = feature<{
        signMessage: (input: {
          account: unknown
          message: Uint8Array
        }) => Promise<{ signature: Uint8Array; signedMessage: Uint8Array }[]>
      }>(name, 'solana:signMessage')
      const [output] = await signMessage({
        account: byName(name).accounts[0],
        message: new TextEncoder().encode(text),
      })
      return {
        signature: toB64(output!.signature),
        signedMessage: new TextDecoder().decode(output!.signedMessage),
      }
    }),
}
;(window as unknown as { dapp: typeof dapp }).dapp = dapp
