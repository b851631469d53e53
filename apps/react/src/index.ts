export { FrontdoorProvider, type Props as FrontdoorProviderProps } from './FrontdoorProvider.js'
export {
  INITIAL_STATE,
  useFrontdoor,
  useFrontdoorAccount,
  useFrontdoorNetwork,
  useFrontdoorState,
} from './Hooks.js'
