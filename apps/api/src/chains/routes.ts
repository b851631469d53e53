import { Chains } from '@frontdoor/schemas'
import { Hono } from 'hono'
import * as SmartAccounts from '../auth/vault/SmartAccounts.js'
import type * as Deps from '../Deps.js'

/**
 * `/v1/supported-chains` (what the RPC proxy serves), `/v1/networks` (the network registry) and
 * `/v1/smart-account/networks` (the chains where the embedded wallet's smart account is offered: those
 * with a bundler).
 */
export function routes(deps: Deps.Deps) {
  return new Hono()
    .get(Chains.SUPPORTED_CHAINS_PATH, (c) => c.json({ http: deps.upstreams.chains(), ws: [] as string[] }))
    .get('/v1/networks', (c) => c.json({ networks: deps.config.networks }))
    .get(Chains.SMART_ACCOUNT_NETWORKS_PATH, (c) => c.json({ networks: SmartAccounts.chains(deps.config) }))
}
