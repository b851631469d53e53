// The on-ramp sandbox: `node --import tsx apps/onramp/src/main.ts`, on ONRAMP_URL (http://127.0.0.1:5190).
import * as Addresses from '@frontdoor/protocol/addresses'
import { serve } from '@hono/node-server'
import type { Hex } from 'viem'
import * as Server from './Server.js'
import * as Treasury from './Treasury.js'

const { ONRAMP_URL } = Addresses.from(process.env)
const url = new URL(ONRAMP_URL)
const treasury = Treasury.create({
  privateKey: (process.env.ONRAMP_TREASURY_KEY as Hex | undefined) || undefined,
  chains: Treasury.chainsFromEnv(process.env),
})
// The JSON API's shared secret (the stack launcher gives the API and the sandbox the same one).
const apiKey = process.env.ONRAMP_API_KEY?.trim()
if (!apiKey) throw new Error('onramp: set ONRAMP_API_KEY (the secret the API sends)')
const { app } = Server.app({ origin: url.origin, treasury, apiKey })
const server = serve({ fetch: app.fetch, hostname: url.hostname, port: Addresses.port(ONRAMP_URL) }, () =>
  console.log(`onramp sandbox: ${ONRAMP_URL} (treasury ${treasury.address})`),
)
const stop = () => server.close(() => process.exit(0))
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
