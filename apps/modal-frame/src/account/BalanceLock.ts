import * as Constants from '@frontdoor/schemas/constants'

/**
 * The balance retry lock of spec section 8: after balances fail ('Token Balance Unavailable'), no new
 * balance request goes out for 30 s, per account and network.
 */

/** Thrown instead of fetching while the lock holds. */
export class Locked extends Error {
  constructor(readonly until: number) {
    super('Balance retry blocked')
  }
}

/** Creates a lock table; `now` is injectable for tests. */
export function create(now: () => number = Date.now) {
  const until = new Map<string, number>()
  return {
    /** Blocks `key` for BALANCE_RETRY_LOCK_S from now. */
    lock(key: string) {
      until.set(key, now() + Constants.BALANCE_RETRY_LOCK_S * 1000)
    },
    /** Whether `key` is still blocked. */
    isLocked(key: string) {
      const end = until.get(key)
      if (end === undefined) return false
      if (now() < end) return true
      until.delete(key)
      return false
    },
    /**
     * Throws {@link Locked} while `key` is blocked.
     * @throws Locked
     */
    assertOpen(key: string) {
      const end = until.get(key)
      if (end !== undefined && this.isLocked(key)) throw new Locked(end)
    },
  }
}

export type BalanceLock = ReturnType<typeof create>
