import type * as Storage from './Storage.js'

/**
 * Reads what a stored connection keeps of its wallet (accounts, chain, wallet). The stored value may
 * come from the page's storage, so it is checked before it is shown or used. Loaded with the views
 * that list connections, not in the modal's first load.
 */

const isAddress = (value: unknown): value is `0x${string}` =>
  typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value)

/** The accounts, chain and wallet of a stored connection, when they are all readable; else undefined. */
export function parse(entry: Storage.Entry): Storage.Info | undefined {
  const { namespace, accounts, chainId, wallet } = entry as Record<string, unknown>
  if (namespace !== 'eip155' || !Array.isArray(accounts) || typeof chainId !== 'number') return undefined
  const w = wallet as Partial<Storage.Wallet> | null | undefined
  if (!w || typeof w.id !== 'string' || typeof w.name !== 'string') return undefined
  const list = accounts
    .filter(
      (a): a is Storage.Account => isAddress(a?.address) && (a.type === 'eoa' || a.type === 'smartAccount'),
    )
    .map((a) => ({ address: a.address, type: a.type }))
  if (list.length === 0) return undefined
  return {
    namespace,
    accounts: list,
    chainId,
    wallet: { id: w.id, name: w.name, ...(typeof w.icon === 'string' ? { icon: w.icon } : {}) },
  }
}
