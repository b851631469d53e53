import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import * as Stack from '../scripts/stack/stack.js'
import * as AppKitPageServer from './appkit/PageServer.js'
import * as StackControl from './stack-control.js'

/**
 * Starts the same stack `npm start` runs, on the ports of ARCHITECTURE.md, and stops it after the run.
 * `E2E_PARTS` (comma list) starts only some parts. Tests may stop and start a part again (the relay,
 * to see clients ride out its restart) through a control address on loopback (see stack-control.ts).
 */
/**
 * Control answers close their connection: a test may call again after a long pause, and fetch would
 * otherwise send that call on a kept-alive socket the server has just timed out ('other side closed').
 */
const CLOSE = { connection: 'close' } as const

export default async function globalSetup() {
  const only = process.env.E2E_PARTS?.split(',').filter(Boolean)
  // The AppKit e2e serves its page on an origin of its own: the API seeds it into the demo project.
  process.env.DEMO_ALLOWED_ORIGINS ??= AppKitPageServer.PAGE_URL
  const stack = await Stack.start(only ? { only } : {})
  const control = createServer((request, response) => {
    const match = /^\/parts\/([a-z0-9-]+)\/(stop|start)(\?until=live)?$/.exec(request.url ?? '')
    if (request.method !== 'POST' || !match) {
      response.writeHead(404, CLOSE).end()
      return
    }
    const [, name, action, live] = match as unknown as [string, string, 'stop' | 'start', string?]
    // A start may carry environment variables over the part's own (a JSON object body).
    let body = ''
    request.on('data', (chunk: Buffer) => {
      body += chunk
    })
    const done = new Promise<void>((resolve) => request.on('end', resolve)).then(() =>
      action === 'stop'
        ? stack.stopPart(name)
        : stack.startPart(name, body ? JSON.parse(body) : undefined, live ? { until: 'live' } : {}),
    )
    done.then(
      () => response.writeHead(204, CLOSE).end(),
      (error: unknown) =>
        response.writeHead(500, { ...CLOSE, 'content-type': 'text/plain' }).end(String(error)),
    )
  })
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve))
  // Workers start after the global setup and inherit its environment.
  process.env[StackControl.ENV] = `http://127.0.0.1:${(control.address() as AddressInfo).port}`
  return async () => {
    control.close()
    await stack.stop()
  }
}
