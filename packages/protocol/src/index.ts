export * as Addresses from './addresses.js'
