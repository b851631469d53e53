// The one-line script's Solana entry (`solana.js`, served beside sdk.js): registers the page's
// `window.frontdoor` as a Wallet Standard wallet, as registerSolana does for npm apps. sdk.js adds it
// to the page only when its tag asks, so sdk.js carries none of it:
//   <script src="https://modal.example/sdk.js" data-project-id="demo" data-solana></script>
//   <script src="https://modal.example/sdk.js" data-project-id="demo" data-solana="solana:mainnet"></script>
// sdk.js copies its tag's data attributes onto this script's tag: data-solana (the chains), data-log-level.
import * as Log from '@frontdoor/protocol/log'
import * as Chains from './Chains.js'
import { registerSolana } from './index.js'

const data = (document.currentScript as HTMLScriptElement | null)?.dataset ?? {}
Log.setLevel(data.logLevel)
const frontdoor = window.frontdoor
if (!frontdoor) Log.error('Frontdoor: solana.js is loaded by sdk.js, whose tag has data-solana')
else {
  const chains = Chains.fromAttribute(data.solana)
  registerSolana(frontdoor, chains ? { chains } : {})
}
