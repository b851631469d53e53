// Runs tsdown (the npm builds of host-sdk, wagmi and react) with its config file loaded by tsx. tsdown
// asks for Node 22; on the Node 20 this repository supports it only misses Promise.withResolvers.
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'

if (!Promise.withResolvers) {
  Promise.withResolvers = function withResolvers() {
    let resolve
    let reject
    const promise = new this((res, rej) => {
      resolve = res
      reject = rej
    })
    return { promise, resolve, reject }
  }
}
const require = createRequire(import.meta.url)
const run = require.resolve('tsdown/package.json').replace(/package\.json$/, 'dist/run.mjs')
process.argv.push('--config-loader', 'tsx', '--log-level', 'warn')
await import(pathToFileURL(run).href)
