/**
 * Joins the single JSON-RPC requests a chain receives in one turn of the event loop into one JSON-RPC
 * batch to its upstream. Every request still reaches a node (nothing is answered from a cache); the
 * node sees one HTTP request where it saw many, which is most of its cost for a cheap method, and the
 * proxy writes one upstream request instead of many.
 *
 * Each request keeps its own answer: the batch renumbers the ids (two clients may both send id 1) and
 * each answer gets its request's id back. A lone request goes as it came. When a node that is up fails
 * the batch as a whole (a 5xx or 429 to the batch; a timeout while it answers its pings) or its answer is
 * not one answer per request (a node without batch support, say), each request is sent once on its own
 * instead, so a client never sees what batching did: a public node that counts a batch of N as N requests
 * for its rate limit, or one slow call, fails the batch but not the requests. When no node answered at
 * all (down or hanging), every request fails at once, after one timeout, as a lone request would.
 */

/** One JSON-RPC request the batcher may join (it has an id, so its answer can be found). */
export type Request = { jsonrpc: '2.0'; id: string | number; method: string; params?: unknown }

/** What the upstream answered for one request: its status and its JSON body. */
export type Answer = { status: number; body: string }

/**
 * What a joined batch's send resolves with when the batch failed as a whole at a node that is up (a 5xx
 * or 429 to the batch, a timeout of a node that answers its pings): its requests are sent alone instead.
 */
export const ALONE = 'alone'

/**
 * Sends one JSON body to the chain's upstreams; undefined when none answered. `batch` is true for a
 * joined batch, which may resolve with {@link ALONE}.
 */
type Send = (body: string, options: { batch: boolean }) => Promise<Answer | typeof ALONE | undefined>

/** At most this many requests go in one upstream batch (spec section 9 allows 1000). */
const BATCH_MAX = 100

type Pending = { request: Request; resolve: (answer: Answer | undefined) => void }

/** Whether `value` is an answer object carrying a numeric id below `count`. */
function indexOf(value: unknown, count: number): number | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const id = (value as { id?: unknown }).id
  return typeof id === 'number' && Number.isInteger(id) && id >= 0 && id < count ? id : undefined
}

/**
 * The answers of a batch sent with ids 0..count-1, in request order with each request's own id back;
 * undefined unless the node answered every request exactly once.
 */
export function split(text: string, requests: readonly Request[]): string[] | undefined {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return undefined
  }
  if (!Array.isArray(json) || json.length !== requests.length) return undefined
  const answers: (string | undefined)[] = new Array(requests.length)
  for (const entry of json) {
    const index = indexOf(entry, requests.length)
    if (index === undefined || answers[index] !== undefined) return undefined
    answers[index] = JSON.stringify({ ...(entry as object), id: requests[index]?.id })
  }
  return answers as string[]
}

/** A batcher for one chain: `call` resolves with the request's own answer, as a lone request would. */
export function create(send: Send, options: { max?: number } = {}) {
  const max = options.max ?? BATCH_MAX
  let queue: Pending[] = []
  let scheduled = false

  const alone = async ({ request, resolve }: Pending) => {
    const answer = await send(JSON.stringify(request), { batch: false })
    resolve(answer === ALONE ? undefined : answer)
  }

  async function flush(batch: Pending[]) {
    if (batch.length === 1) return alone(batch[0] as Pending)
    const requests = batch.map((pending) => pending.request)
    const body = JSON.stringify(requests.map((request, id) => ({ ...request, id })))
    const answer = await send(body, { batch: true })
    if (!answer) {
      // No node answered: every upstream is down or hanging, and a request alone would fare no better.
      for (const pending of batch) pending.resolve(undefined)
      return
    }
    const answers = answer !== ALONE && answer.status < 300 ? split(answer.body, requests) : undefined
    if (answer === ALONE || !answers) {
      await Promise.all(batch.map(alone))
      return
    }
    const { status } = answer
    batch.forEach((pending, index) => {
      pending.resolve({ status, body: answers[index] as string })
    })
  }

  const drain = () => {
    scheduled = false
    const waiting = queue
    queue = []
    for (let start = 0; start < waiting.length; start += max) {
      const batch = waiting.slice(start, start + max)
      flush(batch).catch(() => {
        for (const pending of batch) pending.resolve(undefined)
      })
    }
  }

  return {
    call(request: Request): Promise<Answer | undefined> {
      return new Promise((resolve) => {
        queue.push({ request, resolve })
        if (!scheduled) {
          scheduled = true
          // After the requests already read from the sockets in this turn have joined the queue.
          setImmediate(drain)
        }
      })
    },
  }
}
