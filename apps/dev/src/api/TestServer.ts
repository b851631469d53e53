import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import * as App from '@frontdoor/api/app'
import * as Errors from '@frontdoor/api/http/Errors'
import type * as OAuthProviders from '@frontdoor/api/social/OAuthProviders'
import * as Routes from '@frontdoor/api/social/routes'
import * as TestApp from '@frontdoor/api/TestApp'
import { getRequestListener } from '@hono/node-server'
import { Hono } from 'hono'
import * as DevOidc from '../DevOidc.js'

/**
 * For tests: the API on a real Node HTTP server on a free port of 127.0.0.1 (the dev OIDC provider is
 * served from the raw Node request, and the token exchange and JWKS go over HTTP), on a fresh test
 * database. With any option, only the social routes are served (with that clock, those providers);
 * otherwise the whole app.
 */
export async function start(
  options: {
    now?: () => number
    /** Real providers, given the server's URL (so they can point at its own dev provider). */
    oauth?: (url: string) => OAuthProviders.Real
    devClientSecret?: string
    /** Serve the dev stand-ins (default true, as `AUTH_DEV_PROVIDERS` unset). */
    devLogins?: boolean
  } = {},
) {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const test = await TestApp.create()
  test.deps.config.publicUrl = url
  test.deps.devOidc = DevOidc.create
  if (options.devLogins !== undefined) test.deps.config.devLogins = options.devLogins
  const routes: Routes.Options = {
    ...(options.now ? { now: options.now } : {}),
    ...(options.oauth ? { oauth: options.oauth(url) } : {}),
    ...(options.devClientSecret ? { devClientSecret: options.devClientSecret } : {}),
  }
  const app = Object.keys(routes).length
    ? new Hono().route('/', Routes.routes(test.deps, routes)).onError(Errors.onError)
    : App.build(test.deps)
  server.on('request', getRequestListener(app.fetch))
  return {
    url,
    deps: test.deps,
    config: test.deps.config,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
      await test.close()
    },
  }
}

/** A cookie-keeping fetch that does not follow redirects, as a browser tab would hold its cookies. */
export function browser() {
  const cookies = new Map<string, string>()
  return async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers)
    if (cookies.size)
      headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '))
    const response = await fetch(url, { ...init, headers, redirect: 'manual' })
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';')
      const index = pair.indexOf('=')
      const name = pair.slice(0, index).trim()
      const value = pair.slice(index + 1).trim()
      const expired = attributes.some((attribute) => {
        const [key = '', date = ''] = attribute.split('=')
        return key.trim().toLowerCase() === 'expires' && Date.parse(date) <= Date.now()
      })
      if (expired || value === '') cookies.delete(name)
      else cookies.set(name, value)
    }
    return response
  }
}
