export { ProviderRpcError } from '@frontdoor/protocol/errors'
export {
  createFrontdoor,
  type Frontdoor,
  type Network,
  type Options,
  type Provider,
  type State,
} from './Frontdoor.js'
