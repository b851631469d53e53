import type * as Trace from './Trace.js'

/**
 * A `debug_traceCall` answer read as it arrives. A struct log trace repeats the frame's memory and stack
 * at every step: an approve + swap batch is about 23 MB of JSON (8,000 steps), a single swap about
 * 9 MB, more than a JSON-RPC client reads whole (viem stops at 10 MB) and more than the API should
 * hold for each of its concurrent traces. Each step of `result.structLogs` is parsed alone, handed to
 * `onStep` and dropped; the rest of the answer (`failed`, `returnValue`, or the node's `error`) is
 * returned. The key is found by a small JSON tokenizer (strings, keys, nesting), so whitespace anywhere
 * (a pretty-printing node or proxy) and chunks cut anywhere read the same.
 */

/**
 * The most bytes of JSON one step may take. Measured on the devnet (apps/dev SimulateRoutes.test): a
 * single swap's largest step is 5.1 KB (4,126 steps, 9.0 MB), an approve + swap batch's 14.7 KB (7,944
 * steps, 23.0 MB); 1 MB (32,000 memory words, about 70 times that) bounds what one `JSON.parse` of a
 * step costs when a call grows its memory on purpose.
 */
export const STEP_BYTES_MAX = 1_048_576

/**
 * The most bytes one answer may take (steps and the rest): an approve + swap batch's trace is 23.0 MB
 * (measured as above), so 64 MB leaves room for larger honest batches while a looping call cannot hold the API's
 * memory and CPU until the trace timeout.
 */
export const ANSWER_BYTES_MAX = 64 * 1_048_576

/** Thrown (the body cancelled) when an answer or one of its steps is larger than its cap. */
export class TooLarge extends Error {
  constructor(what: 'step' | 'answer', max: number) {
    super(`the trace's ${what} is larger than ${max} bytes`)
    this.name = 'TooLarge'
  }
}

/** What is left of the answer: the JSON-RPC envelope with an empty `structLogs` when it was streamed. */
export type Answer = {
  result?: { failed?: boolean; returnValue?: string; structLogs?: unknown[] } | null
  error?: { code?: number; message?: string }
}

/** The path of the steps' array: the value of `structLogs` in the answer's `result`. */
const PATH = ['result', 'structLogs']

/** The longest key kept while tokenizing (longer ones cannot be on {@link PATH}). */
const KEY_MAX = 16

/**
 * Reads `body` (the answer's), calling `onStep` with each step in order. Throws {@link TooLarge}, the
 * body cancelled, past {@link STEP_BYTES_MAX} or `answerMax` (the caller aborts its request).
 */
export async function read(
  body: ReadableStream<Uint8Array>,
  onStep: (step: Trace.Step) => void,
  { stepMax = STEP_BYTES_MAX, answerMax = ANSWER_BYTES_MAX } = {},
): Promise<Answer> {
  const decoder = new TextDecoder()
  /** The answer outside `structLogs`. */
  let rest = ''

  // The tokenizer outside the steps: the open containers ('{' or '['), each object's current key.
  const open: string[] = []
  const keys: (string | undefined)[] = []
  let outString = false
  let outEscaped = false
  /** The string being read (up to KEY_MAX + 1 characters), and the last one read. */
  let token = ''
  /** The last string read: the key of the value that follows when a `:` comes next. */
  let lastString: string | undefined

  let inArray = false
  /** The step being read, from its `{` on. */
  let object = ''
  let depth = 0
  let inString = false
  let escaped = false

  /** Whether a `[` opening now is the steps' array. */
  const atSteps = () =>
    open.length === PATH.length &&
    open.every((container) => container === '{') &&
    PATH.every((key, n) => keys[n] === key)

  const feed = (input: string) => {
    let text = input
    while (text.length > 0) {
      if (!inArray) {
        let i = 0
        let found = false
        for (; i < text.length; i++) {
          const ch = text.charCodeAt(i)
          if (outString) {
            if (outEscaped) outEscaped = false
            else if (ch === 92 /* \ */) outEscaped = true
            else if (ch === 34 /* " */) {
              outString = false
              lastString = token
              continue
            }
            if (token.length <= KEY_MAX) token += text[i]
            continue
          }
          if (ch === 34) {
            outString = true
            token = ''
            lastString = undefined
          } else if (ch === 58 /* : */) {
            if (open.at(-1) === '{') keys[open.length - 1] = lastString
          } else if (ch === 123 /* { */ || ch === 91 /* [ */) {
            if (ch === 91 && atSteps()) {
              found = true
              break
            }
            open.push(ch === 123 ? '{' : '[')
            keys[open.length - 1] = undefined
          } else if (ch === 125 /* } */ || ch === 93 /* ] */) {
            open.pop()
          } else if (ch === 44 /* , */) lastString = undefined
        }
        if (!found) {
          rest += text
          return
        }
        rest += text.slice(0, i + 1)
        text = text.slice(i + 1)
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
            // The end of structLogs: its `]` is the rest's again.
            closed = true
            break
          }
          depth--
          if (depth === 0) {
            const step = object + text.slice(start, i + 1)
            if (step.length > stepMax) throw new TooLarge('step', stepMax)
            onStep(JSON.parse(step) as Trace.Step)
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
      if (start >= 0) {
        object += text.slice(start)
        if (object.length > stepMax) throw new TooLarge('step', stepMax)
      }
      text = ''
    }
  }

  const chunks = body.getReader()
  let bytes = 0
  try {
    for (;;) {
      const { done, value } = await chunks.read()
      if (done) break
      bytes += value.byteLength
      if (bytes > answerMax) throw new TooLarge('answer', answerMax)
      feed(decoder.decode(value, { stream: true }))
    }
    feed(decoder.decode())
  } catch (error) {
    await chunks.cancel().catch(() => {})
    throw error
  }
  return JSON.parse(rest) as Answer
}
