import * as Login from '../auth/Login.js'
import * as Users from '../auth/users/Users.js'
import type * as Deps from '../Deps.js'

/** How the social and Farcaster flows reach users and sessions (`apps/api/src/auth`). */
export type Accounts = {
  /** The user of a social or Farcaster identity, created on its first login. */
  findOrCreate: (identity: Users.Identity) => Promise<{ id: string }>
  /** A new session for a user: `{ token, expiresAt, user }` of the auth contract. */
  complete: (userId: string) => Promise<Login.Completed>
}

/** The accounts of the API's database. */
export function create(deps: Pick<Deps.Deps, 'db' | 'auth'>): Accounts {
  return {
    findOrCreate: (identity) => Users.findOrCreateByIdentity(deps.db, identity),
    complete: (userId) => Login.complete(deps, userId),
  }
}
