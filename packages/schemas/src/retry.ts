import * as Constants from './constants.js'

/**
 * The query retry delay before retry number `attempt` (0-based): 1 s doubled each time, capped at 30 s.
 * @example retryDelayMs(0) // 1000; retryDelayMs(5) // 30000
 */
export function retryDelayMs(attempt: number): number {
  return Math.min(Constants.RETRY_BASE_MS * 2 ** Math.max(0, attempt), Constants.RETRY_CAP_MS)
}

/** How many times a failed query is retried: 3 in a browser, 0 on a server. */
export function retryCount(where: 'client' | 'server'): number {
  return where === 'client' ? Constants.RETRY_DEFAULT_COUNT : Constants.RETRY_SERVER_COUNT
}
