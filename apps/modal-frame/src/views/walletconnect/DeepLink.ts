import type { Directory } from '@frontdoor/schemas'

/**
 * Deep links that open a wallet's app with a pairing URI: `<link>wc?uri=<encoded URI>`, the form
 * wallets of the directory register for their mobile (native scheme or universal link), desktop and
 * web apps.
 */

/** Which app a link opens. */
type Kind = 'mobile' | 'desktop' | 'web'

/** One link of the WalletConnect view. */
export type Link = { kind: Kind; label: string; href: string }

const LABELS: Record<Kind, string> = {
  mobile: 'Open mobile app',
  desktop: 'Open desktop app',
  web: 'Open web app',
}

/** Schemes that would run code or read files instead of opening an app. */
const FORBIDDEN_SCHEMES = new Set(['javascript', 'data', 'vbscript', 'file', 'blob', 'about'])

/**
 * The link that opens `link` (a wallet's `mobile_link`, `desktop_link` or `webapp_link`) with `uri`.
 * A bare scheme (`wallet` or `wallet:`) becomes `wallet://`. Undefined when the link is empty, has no
 * usable scheme, or is a scheme that runs code (`javascript:` and the like).
 *
 * @example
 * DeepLink.href('aurora://', 'wc:abc@2?x=1') // 'aurora://wc?uri=wc%3Aabc%402%3Fx%3D1'
 */
export function href(link: string | null | undefined, uri: string): string | undefined {
  const trimmed = link?.trim()
  if (!trimmed) return undefined
  let base = trimmed
  if (!base.includes('://')) {
    const scheme = base.replace(/[:/]/g, '')
    if (!scheme) return undefined
    base = `${scheme}://`
  }
  const scheme = base.slice(0, base.indexOf('://')).toLowerCase()
  if (!/^[a-z][a-z0-9+.-]*$/.test(scheme) || FORBIDDEN_SCHEMES.has(scheme)) return undefined
  if (!base.endsWith('/')) base = `${base}/`
  return `${base}wc?uri=${encodeURIComponent(uri)}`
}

/** The links of a directory wallet that has them, in the order mobile, desktop, web. */
export function links(
  wallet: Pick<Directory.Wallet, 'mobile_link' | 'desktop_link' | 'webapp_link'>,
  uri: string,
): Link[] {
  const sources: [Kind, string | null | undefined][] = [
    ['mobile', wallet.mobile_link],
    ['desktop', wallet.desktop_link],
    ['web', wallet.webapp_link],
  ]
  return sources.flatMap(([kind, link]) => {
    const target = href(link, uri)
    return target ? [{ kind, label: LABELS[kind], href: target }] : []
  })
}
