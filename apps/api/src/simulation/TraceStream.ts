import type * as Trace from './Trace.js'

/**
 * A `debug_traceCall` answer read as it arrives. A struct log trace repeats the frame's memory and stack
 * at every step: an approve + swap batch is about 23 MB of JSON (8,000 steps), a single swap about
 * 9 MB, more than a JSON-RPC client reads whole (viem stops at 10 MB) and more than the API should
 * hold for each of its concurrent traces. Each step of `structLogs` is parsed alone, handed to `onStep`
 * and dropped; the rest of the answer (`failed`, `returnValue`, or the node's `error`) is returned.
 */

const MARKER = '"structLogs":['

/** What is left of the answer: the JSON-RPC envelope with an empty `structLogs`. */
export type Answer = {
  result?: { failed?: boolean; returnValue?: string; structLogs?: unknown[] } | null
  error?: { code?: number; message?: string }
}

/** Reads `body` (the answer's), calling `onStep` with each step in order. */
export async function read(
  body: ReadableStream<Uint8Array>,
  onStep: (step: Trace.Step) => void,
): Promise<Answer> {
  const decoder = new TextDecoder()
  /** The answer outside `structLogs`. */
  let rest = ''
  /** Text not yet searched for the marker (it may end inside one). */
  let pending = ''
  let inArray = false
  /** The step being read, from its `{` on. */
  let object = ''
  let depth = 0
  let inString = false
  let escaped = false

  const feed = (input: string) => {
    let text = input
    while (text.length > 0) {
      if (!inArray) {
        pending += text
        text = ''
        const at = pending.indexOf(MARKER)
        if (at === -1) {
          const keep = Math.max(0, pending.length - MARKER.length)
          rest += pending.slice(0, keep)
          pending = pending.slice(keep)
          return
        }
        rest += pending.slice(0, at + MARKER.length)
        text = pending.slice(at + MARKER.length)
        pending = ''
        inArray = true
        continue
      }
      let start = depth > 0 ? 0 : -1
      let i = 0
      let closed = false
      for (; i < text.length; i++) {
        const ch = text.charCodeAt(i)
        if (inString) {
          if (escaped) escaped = false
          else if (ch === 92 /* \ */) escaped = true
          else if (ch === 34 /* " */) inString = false
          continue
        }
        if (ch === 34) inString = true
        else if (ch === 123 /* { */ || ch === 91 /* [ */) {
          if (depth === 0) start = i
          depth++
        } else if (ch === 125 /* } */ || ch === 93 /* ] */) {
          if (depth === 0) {
            // The end of structLogs.
            closed = true
            break
          }
          depth--
          if (depth === 0) {
            onStep(JSON.parse(object + text.slice(start, i + 1)) as Trace.Step)
            object = ''
            start = -1
          }
        }
      }
      if (closed) {
        inArray = false
        text = text.slice(i)
        continue
      }
      if (start >= 0) object += text.slice(start)
      text = ''
    }
  }

  const chunks = body.getReader()
  for (;;) {
    const { done, value } = await chunks.read()
    if (done) break
    feed(decoder.decode(value, { stream: true }))
  }
  feed(decoder.decode())
  return JSON.parse(rest + pending) as Answer
}
