import * as Env from '../env/Env.js'
import type * as Approval from './Approval.js'
import type * as Changes from './Changes.js'
import * as Summary from './Summary.js'
import type * as Visibility from './Visibility.js'

/**
 * The approval screen: who asks (the origin the browser confirmed), what is asked (the summary's
 * rows, the signed content), then 'Decline' and 'Approve'. The summary scrolls in one box above the
 * buttons; Approve stays disabled until the gate of Visibility.ts has seen all of it really visible
 * and nothing changed for a moment. Where the browser cannot tell whether the frame is really visible
 * (no IntersectionObserver v2), the frame offers no Approve: the decision moves into a window of our
 * own origin (Popup.ts). Escape declines. All request data is written as text, never as markup.
 */

/** The review window as the screen holds it; Popup.ts opens it. */
export type Opened = { focus(): void; close(): void }

/** What the screen calls back. */
export type Handlers = {
  approve: (id: number) => void
  decline: (id: number) => void
  /** Whether the browser reports real visibility (Visibility.supportsTrackVisibility). */
  tracked: boolean
  /** Starts the visibility gate on the screen's parts. */
  gate: (
    options: Omit<Visibility.GateOptions, 'onChange'> & { onChange: (enabled: boolean) => void },
  ) => Visibility.Gate
  /** Opens the approval window (no IntersectionObserver v2); undefined when the browser blocked it. */
  openPopup: (content: Content, onDecision: (approved: boolean) => void) => Opened | undefined
  /** The origin of the page as confirmed (Env.confirmedOrigin), if known; read at each request. */
  pageOrigin: () => string | undefined
  /** Simulates a transaction or a batch (its asset changes, Changes.ts); none: the screen shows no changes. */
  simulate?: Changes.Simulate
}

/** The dapp as it names itself (the modal's syncDappData): a claim, shown second to the origin. */
export type Dapp = { name: string; url?: string | undefined } | undefined

/** Everything the screen shows of one request (also what the approval window is sent). */
export type Content = { summary: Summary.Summary; origin?: string | undefined; dapp?: Dapp; queued: number }

/** Status line texts. */
const STATUS = {
  checking: 'Checking that this screen is fully visible…',
  scroll: 'Scroll to the end of the request to approve it.',
  ready: 'Review the request, then approve or decline.',
  popup: 'This browser cannot confirm that nothing covers this screen: approve in a wallet window.',
  popupOpen: 'Approve or decline in the wallet window.',
  popupBlocked: 'The wallet window was blocked: allow pop-ups for this site, then try again.',
  working: 'Waiting for the wallet…',
} as const

/** The requests whose asset changes the screen simulates (Changes.ts): transactions, batches and permits. */
const SIMULATED = new Set(['eth_sendTransaction', 'wallet_sendCalls', 'eth_signTypedData_v4'])

/** The button that opens the approval window. */
const OPEN_POPUP = 'Review in wallet window'

/** Header texts: who asks. */
const ORIGIN = {
  from: 'Request from',
  unconfirmed: 'This browser cannot confirm which site asks',
  claims: (dapp: NonNullable<Dapp>) =>
    `The site calls itself ${dapp.name}${dapp.url ? ` (${dapp.url})` : ''}`,
  mismatch: (claimed: string) => `Careful: the site claims to be ${claimed}, which is not the site that asks`,
} as const

/** Creates an element with a class, text and children. */
export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: { className?: string; text?: string; id?: string } = {},
  children: Node[] = [],
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  if (props.className) node.className = props.className
  if (props.id) node.id = props.id
  if (props.text !== undefined) node.textContent = props.text
  node.append(...children)
  return node
}

/**
 * The summary's scroll box: header (title, origin, the dapp's claim), one element per row, the signed
 * content whole (it does not scroll on its own: the box does, so the gate sees all of it). Returns the
 * box, its content and every part the gate watches.
 */
export function summaryBox(content: Content, changes?: HTMLElement) {
  const { summary, origin, dapp } = content
  const claimed = dapp?.url ? Env.claimMatches(origin, dapp.url) : undefined
  const header = [
    element('h1', { text: summary.title, id: 'af-title' }),
    origin
      ? element('p', { className: 'af-origin' }, [
          element('span', { text: `${ORIGIN.from} ` }),
          element('strong', { text: origin }),
        ])
      : element('p', { className: 'af-origin', text: ORIGIN.unconfirmed }),
    ...(dapp ? [element('p', { className: 'af-muted', text: ORIGIN.claims(dapp) })] : []),
    ...(claimed === false && dapp?.url
      ? [element('p', { className: 'af-muted af-warning', text: ORIGIN.mismatch(dapp.url) })]
      : []),
  ]
  const rows = summary.rows.map((row) =>
    element('div', { className: 'af-row' }, [
      element('dt', { text: row.label, className: row.warning ? 'af-warning' : '' }),
      element('dd', {
        text: row.value,
        className: [row.value.startsWith('0x') ? 'af-mono' : '', row.warning ? 'af-warning' : '']
          .filter(Boolean)
          .join(' '),
      }),
    ]),
  )
  const detail = summary.detail
    ? element('div', { className: 'af-detail' }, [
        element('h2', { text: summary.detail.label }),
        element('pre', { text: summary.detail.text }),
      ])
    : undefined
  const queued =
    content.queued > 0
      ? [element('p', { className: 'af-muted', text: `${content.queued} more waiting` })]
      : []
  const inner = element('div', { className: 'af-summary-content' }, [
    element('header', {}, header),
    element('dl', { className: 'af-rows' }, rows),
    ...(changes ? [changes] : []),
    ...(detail ? [detail] : []),
    ...queued,
  ])
  const box = element('div', { className: 'af-summary' }, [inner])
  // Keyboard users scroll the box too.
  box.tabIndex = 0
  box.setAttribute('aria-label', 'Request details')
  const parts = [...header, ...rows, ...(changes ? [changes] : []), ...(detail ? [detail] : []), ...queued]
  return { box, content: inner, parts }
}

/** Mounts the screen in `root`; returns `render(state, dapp)` to call on every change. */
export function create(root: HTMLElement, handlers: Handlers) {
  let shownId: number | undefined
  let stopWatching: (() => void) | undefined
  let gate: Visibility.Gate | undefined
  let popup: Opened | undefined
  let popupState: 'none' | 'open' | 'blocked' = 'none'
  let enabled = false
  let seenAll = true
  let approveButton: HTMLButtonElement | undefined
  let declineButton: HTMLButtonElement | undefined
  let statusLine: HTMLElement | undefined
  let working = false

  const sync = () => {
    if (!declineButton || !statusLine) return
    declineButton.disabled = working
    if (approveButton) approveButton.disabled = working || (handlers.tracked ? !enabled : false)
    statusLine.textContent = working
      ? STATUS.working
      : !handlers.tracked
        ? popupState === 'open'
          ? STATUS.popupOpen
          : popupState === 'blocked'
            ? STATUS.popupBlocked
            : STATUS.popup
        : enabled
          ? STATUS.ready
          : seenAll
            ? STATUS.checking
            : STATUS.scroll
  }

  const clear = () => {
    stopWatching?.()
    stopWatching = undefined
    gate = undefined
    popup?.close()
    popup = undefined
    popupState = 'none'
    approveButton = declineButton = statusLine = undefined
    shownId = undefined
    enabled = false
    seenAll = true
    root.replaceChildren()
    root.hidden = true
  }

  const show = (item: Approval.Item, queued: number, dapp: Dapp) => {
    clear()
    shownId = item.id
    const content: Content = {
      summary: Summary.describe(item.method, item.params, item),
      origin: handlers.pageOrigin(),
      dapp,
      queued,
    }
    // Simulated changes (a lazy chunk) in a place held for them; their answer changes the screen:
    // Approve waits again (Visibility's delay).
    const changes = handlers.simulate && SIMULATED.has(item.method) ? element('section') : undefined
    const onChange = () => shownId === item.id && gate?.changed()
    // Nothing to simulate (typed data that is no permit), or no chunk: the held place goes, and the gate
    // looks again (it watched the place as a part; what was below it moved up).
    const drop = () => {
      changes?.remove()
      onChange()
    }
    if (changes)
      import('./Changes.js').then(
        (module) => module.mount(item, handlers.simulate, onChange, changes) ?? drop(),
        drop,
      )
    const summary = summaryBox(content, changes)
    declineButton = element('button', { className: 'af-button af-decline', text: 'Decline' })
    declineButton.type = 'button'
    declineButton.addEventListener('click', () => handlers.decline(item.id))
    // Without IntersectionObserver v2 the frame has no Approve: it opens the approval window instead.
    approveButton = element('button', {
      className: 'af-button af-approve',
      text: handlers.tracked ? 'Approve' : OPEN_POPUP,
    })
    approveButton.type = 'button'
    approveButton.addEventListener('click', (event) => {
      if (!approveButton || approveButton.disabled || working) return
      if (!handlers.tracked) {
        if (popup) return popup.focus()
        popup = handlers.openPopup(content, (approved) => {
          popup = undefined
          popupState = 'none'
          ;(approved ? handlers.approve : handlers.decline)(item.id)
        })
        popupState = popup ? 'open' : 'blocked'
        return sync()
      }
      // A click from the keyboard has no press; a mouse click needs a press the gate counted.
      const ok = event.detail === 0 ? gate?.enabled() : gate?.press()
      if (ok) handlers.approve(item.id)
    })
    statusLine = element('p', { className: 'af-status' })
    statusLine.setAttribute('role', 'status')
    const actions = element('div', { className: 'af-actions' }, [declineButton, approveButton])
    const section = element('section', { className: 'af-approval' }, [summary.box, statusLine, actions])
    section.setAttribute('aria-labelledby', 'af-title')
    root.append(section)
    root.hidden = false
    sync()
    if (handlers.tracked) {
      const box = summary.box
      const current = handlers.gate({
        box,
        content: summary.content,
        parts: summary.parts,
        actions,
        onChange: (next) => {
          enabled = next
          sync()
        },
        onSeen: (all) => {
          seenAll = all
          sync()
        },
      })
      gate = current
      const onPointer = (event: PointerEvent) => current.pointer(event)
      const events = ['pointermove', 'pointerover', 'pointerdown'] as const
      for (const type of events) document.addEventListener(type, onPointer, true)
      stopWatching = () => {
        current.stop()
        for (const type of events) document.removeEventListener(type, onPointer, true)
      }
    }
    declineButton.focus({ preventScroll: true })
  }

  root.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && shownId !== undefined && !working) {
      event.preventDefault()
      handlers.decline(shownId)
    }
  })
  clear()

  return {
    /** Shows the current request (or nothing). */
    render(state: Approval.State, dapp: Dapp) {
      const item = state.current
      if (!item) return clear()
      if (item.id !== shownId) show(item, state.queued, dapp)
      working = item.status === 'working'
      if (working) {
        popup?.close()
        popup = undefined
      }
      sync()
    },
    /** Moves focus to the screen's first button (when the modal shows the frame). */
    focus() {
      declineButton?.focus({ preventScroll: true })
    },
  }
}
