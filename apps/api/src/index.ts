export * as App from './app.js'
export * as Config from './Config.js'
export * as Server from './Server.js'
