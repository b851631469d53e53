// The types of services.mjs (plain JavaScript, as test.mjs that runs it).

/** The throwaway services' URLs (only those the caller's environment did not name), and how to stop them. */
export function start(env?: Record<string, string | undefined>): Promise<{
  urls: { DATABASE_URL?: string; REDIS_URL?: string }
  stop: () => void
}>
