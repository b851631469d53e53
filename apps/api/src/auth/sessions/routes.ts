import { Hono } from 'hono'
import * as z from 'zod'
import type * as Deps from '../../Deps.js'
import * as Validate from '../../http/Validate.js'
import * as Login from '../Login.js'
import * as Users from '../users/Users.js'
import * as Bearer from './Bearer.js'
import * as Sessions from './Sessions.js'

/** `GET /v1/auth/user?chainId=eip155:<n>`: the user as shown on that EVM chain (the smart account only where it exists). */
const UserQuery = z.object({
  chainId: z.optional(z.string().regex(/^eip155:[1-9][0-9]{0,15}$/, 'must be a CAIP-2 eip155 chain id')),
})

const AccountTypeBody = z.object({ preferredAccountType: z.enum(['eoa', 'smartAccount']) })

/** `GET /v1/auth/user`, `POST /v1/auth/signout`, `POST /v1/auth/account-type` (bearer). */
export function routes(deps: Deps.Deps) {
  const bearer = Bearer.required(deps)
  return new Hono<Bearer.Env>()
    .get('/v1/auth/user', bearer, Validate.query(UserQuery), async (c) => {
      const { chainId } = c.req.valid('query')
      return c.json({ user: await Login.user(deps, c.get('session').userId, { chain: chainId }) })
    })
    .post('/v1/auth/signout', bearer, async (c) => {
      await Sessions.revoke(deps.db, c.get('session').token, { now: deps.auth.now() })
      return c.json({ ok: true })
    })
    .post('/v1/auth/account-type', bearer, Validate.json(AccountTypeBody), async (c) => {
      const { preferredAccountType } = c.req.valid('json')
      const { userId } = c.get('session')
      await Users.setPreferredAccountType(deps.db, userId, preferredAccountType)
      return c.json({ user: await Login.user(deps, userId) })
    })
}
