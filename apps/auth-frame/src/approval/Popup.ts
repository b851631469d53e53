import * as z from 'zod/mini'
import * as Screen from './Screen.js'
import * as Visibility from './Visibility.js'

/**
 * The approval window: where the browser has no IntersectionObserver v2, the auth frame cannot know
 * whether a page covers it, so it does not offer Approve. The visitor opens this window instead: a page
 * of the auth frame's own origin (a top-level window no page can cover or fade), showing the same
 * summary with 'Decline' and 'Approve'. It talks to the auth frame that opened it and to nothing else:
 * both ends pin the auth origin and the other's window, and every message carries the request's
 * one-time id (random, used for one decision).
 */

/** The window's URL fragment: `#approval=<id>` (a fragment: never sent to any server). */
const HASH_PREFIX = '#approval='

/** The window's size. */
const WINDOW_FEATURES = 'popup,width=420,height=680'

const Id = z.string().check(z.regex(/^[0-9a-f-]{36}$/))
const Row = z.strictObject({
  label: z.string().check(z.maxLength(200)),
  value: z.string().check(z.maxLength(70_000)),
  warning: z.optional(z.boolean()),
})
const Content = z.strictObject({
  summary: z.strictObject({
    title: z.string().check(z.maxLength(200)),
    rows: z.array(Row).check(z.maxLength(100)),
    detail: z.optional(
      z.strictObject({
        label: z.string().check(z.maxLength(200)),
        text: z.string().check(z.maxLength(70_000)),
      }),
    ),
  }),
  origin: z.optional(z.string().check(z.maxLength(300))),
  dapp: z.optional(
    z.strictObject({
      name: z.string().check(z.maxLength(300)),
      url: z.optional(z.string().check(z.maxLength(300))),
    }),
  ),
  queued: z.number().check(z.int(), z.nonnegative()),
})

/** Window -> frame: loaded, send the request; the visitor decided. */
export const ToFrame = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('frontdoor:approval-ready'), id: Id }),
  z.strictObject({ type: z.literal('frontdoor:approval-decision'), id: Id, approved: z.boolean() }),
])
/** Frame -> window: the request to show; or close (the request ended in the frame). */
const ToWindow = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('frontdoor:approval-show'), id: Id, content: Content }),
  z.strictObject({ type: z.literal('frontdoor:approval-close'), id: Id }),
])

/** The window as the frame holds it. */
export type Opened = Screen.Opened

/** What {@link open} needs (tests pass their own). */
export type OpenOptions = {
  win?: Pick<Window, 'open' | 'addEventListener' | 'removeEventListener'>
  origin?: string
  newId?: () => string
}

/**
 * Opens the approval window for `content` (call it from the visitor's click: browsers allow pop-ups
 * only then) and calls `onDecision` once with the visitor's choice; a window closed without one is a
 * decline. Returns undefined when the browser blocked the window.
 */
export function open(
  content: Screen.Content,
  onDecision: (approved: boolean) => void,
  options: OpenOptions = {},
): Opened | undefined {
  const win = options.win ?? window
  const origin = options.origin ?? location.origin
  const id = (options.newId ?? (() => crypto.randomUUID()))()
  const popup = win.open(`${origin}/${HASH_PREFIX}${id}`, `frontdoor-approval-${id}`, WINDOW_FEATURES)
  if (!popup) return undefined
  let done = false
  const finish = () => {
    done = true
    win.removeEventListener('message', onMessage)
    clearInterval(closedPoll)
  }
  const onMessage = (event: MessageEvent) => {
    if (done || event.source !== popup || event.origin !== origin) return
    const message = z.safeParse(ToFrame, event.data)
    if (!message.success || message.data.id !== id) return
    if (message.data.type === 'frontdoor:approval-ready') {
      popup.postMessage(
        { type: 'frontdoor:approval-show', id, content } satisfies z.infer<typeof ToWindow>,
        origin,
      )
      return
    }
    finish()
    onDecision(message.data.approved)
  }
  win.addEventListener('message', onMessage)
  const closedPoll = setInterval(() => {
    if (!done && popup.closed) {
      finish()
      onDecision(false)
    }
  }, 500)
  return {
    focus: () => popup.focus(),
    close() {
      if (done) return
      finish()
      popup.postMessage({ type: 'frontdoor:approval-close', id } satisfies z.infer<typeof ToWindow>, origin)
      popup.close()
    },
  }
}

/** The one-time id of this window, when it is an approval window. */
export function idOf(hash: string): string | undefined {
  if (!hash.startsWith(HASH_PREFIX)) return undefined
  const id = hash.slice(HASH_PREFIX.length)
  return z.safeParse(Id, id).success ? id : undefined
}

/** Texts of the window. */
const TEXT = {
  notOpened: 'This window works only when the Frontdoor wallet opens it.',
  waiting: 'Loading the request…',
  ready: 'Review the request, then approve or decline.',
  checking: 'Approve is enabled a moment after this window has the focus.',
} as const

/**
 * Runs the approval window in `root`: asks the opener for the request, shows it, and answers the
 * visitor's decision. Approve is enabled {@link Visibility.APPROVE_ENABLE_DELAY_MS} after the window
 * last gained focus (a window popped up under the pointer cannot be clicked at once).
 */
export function serve(root: HTMLElement, id: string, win: Window = window) {
  const opener = win.opener as Window | null
  const origin = win.location.origin
  if (!opener) {
    root.textContent = TEXT.notOpened
    return
  }
  const status = Screen.element('p', { className: 'af-status', text: TEXT.waiting })
  status.setAttribute('role', 'status')
  root.append(status)
  root.hidden = false
  const send = (message: z.infer<typeof ToFrame>) => opener.postMessage(message, origin)
  let shown = false
  win.addEventListener('message', (event: MessageEvent) => {
    if (event.source !== opener || event.origin !== origin) return
    const message = z.safeParse(ToWindow, event.data)
    if (!message.success || message.data.id !== id) return
    if (message.data.type === 'frontdoor:approval-close') return win.close()
    if (shown) return
    shown = true
    show(message.data.content as Screen.Content)
  })
  send({ type: 'frontdoor:approval-ready', id })

  function show(content: Screen.Content) {
    const summary = Screen.summaryBox(content)
    const decline = Screen.element('button', { className: 'af-button af-decline', text: 'Decline' })
    const approve = Screen.element('button', { className: 'af-button af-approve', text: 'Approve' })
    decline.type = approve.type = 'button'
    approve.disabled = true
    let decided = false
    const decide = (approved: boolean) => {
      if (decided) return
      decided = true
      send({ type: 'frontdoor:approval-decision', id, approved })
      win.close()
    }
    decline.addEventListener('click', () => decide(false))
    approve.addEventListener('click', () => {
      if (!approve.disabled) decide(true)
    })
    let timer: ReturnType<typeof setTimeout> | undefined
    const arm = () => {
      approve.disabled = true
      status.textContent = TEXT.checking
      clearTimeout(timer)
      if (!win.document.hasFocus() || win.document.visibilityState !== 'visible') return
      timer = setTimeout(() => {
        approve.disabled = false
        status.textContent = TEXT.ready
      }, Visibility.APPROVE_ENABLE_DELAY_MS)
    }
    win.addEventListener('focus', arm)
    win.addEventListener('blur', arm)
    win.addEventListener('resize', arm)
    win.document.addEventListener('visibilitychange', arm)
    const section = Screen.element('section', { className: 'af-approval af-window' }, [
      summary.box,
      status,
      Screen.element('div', { className: 'af-actions' }, [decline, approve]),
    ])
    section.setAttribute('aria-labelledby', 'af-title')
    root.replaceChildren(section)
    win.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') decide(false)
    })
    arm()
  }
}
