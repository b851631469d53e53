export { frontdoor, type Parameters as FrontdoorParameters } from './Connector.js'
export * as Networks from './Networks.js'
