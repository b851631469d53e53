// The one-line script build (`sdk.js`): reads its options from its own <script> tag's data attributes
// and sets window.frontdoor.
//   <script src="https://modal.example/sdk.js" data-project-id="demo"></script>
// Options as data attributes: data-chain-ids (chain or CAIP-2 ids) or data-networks, data-metadata, data-features,
// data-theme-mode, data-theme-variables, data-modal-url, data-log-level, data-enable-reconnect="false",
// data-siwx="optional" or "required" (sign in with the wallet, sessions kept on Frontdoor's API), data-api-url,
// data-solana (Frontdoor as a Wallet Standard wallet: loads solana.js from beside sdk.js; its value, if any, a
// comma list of the chains it announces, e.g. "solana:mainnet").
import * as Log from '@frontdoor/protocol/log'
import { createFrontdoor, type Frontdoor } from './Frontdoor.js'
import type { NetworkOption } from './Networks.js'

/** solana.js's Subresource Integrity hash (vite.config.ts builds it first). */
declare const __FRONTDOOR_SOLANA_INTEGRITY__: string

declare global {
  interface Window {
    frontdoor?: Frontdoor
  }
}

const script = document.currentScript as HTMLScriptElement | null
const data = script?.dataset ?? {}
// data-log-level applies from here on: the messages below already follow it.
const logLevel = Log.setLevel(data.logLevel)
const json = <T>(value: string | undefined, fallback: T): T => {
  if (!value) return fallback
  try {
    return JSON.parse(value) as T
  } catch {
    Log.error(`Frontdoor: could not parse ${value} as JSON`)
    return fallback
  }
}
const projectId = data.projectId
if (!projectId) Log.error('Frontdoor: add data-project-id="<your project id>" to the sdk.js script tag')
// data-networks takes full CAIP networks as JSON; data-chain-ids a comma list of chain ids or CAIP-2
// ids, which Frontdoor's network registry defines.
const networks: NetworkOption[] = json(
  data.networks,
  (data.chainIds ?? '1')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean),
)
window.frontdoor = createFrontdoor({
  projectId: projectId ?? '',
  networks,
  metadata: json(data.metadata, { name: document.title || location.host, url: location.origin }),
  ...(data.features ? { features: json(data.features, {}) } : {}),
  ...(data.themeMode === 'dark' || data.themeMode === 'light' ? { themeMode: data.themeMode } : {}),
  ...(data.themeVariables ? { themeVariables: json(data.themeVariables, {}) } : {}),
  modalUrl: data.modalUrl ?? (script?.src ? new URL(script.src).origin : location.origin),
  logLevel,
  ...(data.enableReconnect === 'false' ? { enableReconnect: false } : {}),
  ...(data.siwx ? { siwx: { required: data.siwx === 'required' } } : {}),
  ...(data.apiUrl ? { apiUrl: data.apiUrl } : {}),
})
window.dispatchEvent(new Event('frontdoor:ready'))
// data-solana: solana.js (the Solana entry, beside this file) registers window.frontdoor as a Wallet
// Standard wallet. It gets this tag's data attributes (the chains, the log level) and, when this tag is
// pinned by its integrity (the versioned sdk.js), is pinned by its own hash, built into this file.
if (data.solana != null && script?.src) {
  const solana = document.createElement('script')
  solana.src = new URL('solana.js', script.src).href
  if (script.integrity) solana.integrity = __FRONTDOOR_SOLANA_INTEGRITY__
  solana.crossOrigin = 'anonymous'
  solana.nonce = script.nonce ?? ''
  Object.assign(solana.dataset, data)
  document.head.append(solana)
}

/** For pages that want more than the data attributes: `FrontdoorSdk.createFrontdoor(options)`. */
export { createFrontdoor }
