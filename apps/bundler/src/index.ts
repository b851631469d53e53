export * as Bundler from './Bundler.js'
