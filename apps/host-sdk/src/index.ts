export { createFrontdoor, type Frontdoor, type Options, type Provider, type State } from './Frontdoor.js'
export type { InjectedWallet, Metadata, Network, ThemeMode, ThemeVariables } from './Messages.js'
export { ProviderRpcError } from './ProviderErrors.js'
