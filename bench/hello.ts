// A bare Hono hello-world on the port given as the first argument: the baseline of bench/api.ts.
import { serve } from '@hono/node-server'
import { Hono } from 'hono'

const port = Number(process.argv[2])
const app = new Hono().get('/', (c) => c.text('Hello, world'))
serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => console.log(`hello: listening on ${port}`))
process.on('SIGTERM', () => process.exit(0))
