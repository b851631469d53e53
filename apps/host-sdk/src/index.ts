export {
  createFrontdoor,
  type Frontdoor,
  type Network,
  type Options,
  type Provider,
  type State,
} from './Frontdoor.js'
export { ProviderRpcError } from './ProviderErrors.js'
