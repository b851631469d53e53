import type * as HostModal from '@frontdoor/protocol/host-modal'

/** EIP-6963 provider info. */
export type Info = { uuid: string; name: string; icon: string; rdns: string }

/** Frontdoor's EIP-6963 identity. */
const RDNS = 'dev.frontdoor'
const ICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='8' fill='%233451e0'/%3E%3Cpath d='M10 8h12v16h-3V11h-6v13h-3z' fill='%23fff'/%3E%3C/svg%3E"

/**
 * Announces `provider` by EIP-6963 now and whenever a dapp asks (`eip6963:requestProvider`), so wagmi,
 * viem and ethers discovery find it. Returns a function that stops answering.
 */
export function announce(provider: unknown): { info: Info; stop: () => void } {
  const info: Info = Object.freeze({ uuid: crypto.randomUUID(), name: 'Frontdoor', icon: ICON, rdns: RDNS })
  const detail = Object.freeze({ info, provider })
  const send = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  window.addEventListener('eip6963:requestProvider', send)
  send()
  return { info, stop: () => window.removeEventListener('eip6963:requestProvider', send) }
}

/**
 * Discovers the page's injected wallets by EIP-6963 (skipping our own uuid) and calls `onChange` with
 * the list each time a new one announces itself.
 */
export function discover(ownUuid: string, onChange: (wallets: HostModal.InjectedWallet[]) => void) {
  const found = new Map<string, { info: Info; provider: unknown }>()
  const onAnnounce = (event: Event) => {
    const detail = (event as CustomEvent<{ info?: Partial<Info>; provider?: unknown }>).detail
    const info = detail?.info
    if (!info || typeof info.uuid !== 'string' || info.uuid === ownUuid || found.has(info.uuid)) return
    if (typeof info.name !== 'string' || typeof info.icon !== 'string' || typeof info.rdns !== 'string')
      return
    found.set(info.uuid, { info: info as Info, provider: detail.provider })
    onChange(
      [...found.values()].map(({ info: i }) => ({ uuid: i.uuid, name: i.name, icon: i.icon, rdns: i.rdns })),
    )
  }
  window.addEventListener('eip6963:announceProvider', onAnnounce)
  window.dispatchEvent(new Event('eip6963:requestProvider'))
  return {
    /** The EIP-1193 provider of an injected wallet, by its EIP-6963 uuid (used by the injected connector). */
    provider: (uuid: string) => found.get(uuid)?.provider,
    stop: () => window.removeEventListener('eip6963:announceProvider', onAnnounce),
  }
}
