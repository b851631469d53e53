import { Hono } from 'hono'
import type * as Deps from '../Deps.js'

/** `/v1/supported-chains` (what the RPC proxy serves) and `/v1/networks` (the network registry). */
export function routes(deps: Deps.Deps) {
  return new Hono()
    .get('/v1/supported-chains', (c) => c.json({ http: deps.upstreams.chains(), ws: [] as string[] }))
    .get('/v1/networks', (c) => c.json({ networks: deps.config.networks }))
}
