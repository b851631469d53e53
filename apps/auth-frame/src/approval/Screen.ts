import * as Env from '../env/Env.js'
import type * as Approval from './Approval.js'
import * as Summary from './Summary.js'
import type * as Visibility from './Visibility.js'

/**
 * The approval screen: what is asked (method, from, to, value, the message or typed data), then
 * 'Decline' and 'Approve'. Approve stays disabled until the screen has been really visible for a moment
 * (see Visibility.ts). Escape declines. All request data is written as text, never as markup.
 */

/** What the screen calls back. */
export type Handlers = {
  approve: (id: number) => void
  decline: (id: number) => void
  /** Starts watching an area (the Approve row, the signed content); returns the stop function. */
  watch: (target: Element, onChange: (trust: Visibility.Trust) => void) => () => void
  /** The origin of the page as the browser confirmed it (Env.pageOrigin), if it says. */
  pageOrigin?: string | undefined
}

/** The dapp as it names itself (the modal's syncDappData): a claim, shown second to the origin. */
export type Dapp = { name: string; url?: string | undefined } | undefined

/** Status line texts. */
export const STATUS = {
  checking: 'Checking that this screen is fully visible…',
  ready: 'Review the request, then approve or decline.',
  untracked:
    'Review the request, then approve or decline. This browser cannot confirm that nothing covers it.',
  working: 'Waiting for the wallet…',
} as const

/** Header texts: who asks. */
export const ORIGIN = {
  from: 'Request from',
  unconfirmed: 'This browser cannot confirm which site asks',
  claims: (dapp: NonNullable<Dapp>) =>
    `The site calls itself ${dapp.name}${dapp.url ? ` (${dapp.url})` : ''}`,
  mismatch: (claimed: string) => `Careful: the site claims to be ${claimed}, which is not the site that asks`,
} as const

function element<K extends keyof HTMLElementTagNameMap>(
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

/** Mounts the screen in `root`; returns `render(state, dapp)` to call on every change. */
export function create(root: HTMLElement, handlers: Handlers) {
  let shownId: number | undefined
  let stopWatching: (() => void) | undefined
  let trust: Visibility.Trust = { trusted: false, tracked: true }
  let approveButton: HTMLButtonElement | undefined
  let declineButton: HTMLButtonElement | undefined
  let statusLine: HTMLElement | undefined
  let working = false

  const sync = () => {
    if (!approveButton || !declineButton || !statusLine) return
    approveButton.disabled = working || !trust.trusted
    declineButton.disabled = working
    statusLine.textContent = working
      ? STATUS.working
      : !trust.trusted
        ? STATUS.checking
        : trust.tracked
          ? STATUS.ready
          : STATUS.untracked
  }

  const clear = () => {
    stopWatching?.()
    stopWatching = undefined
    approveButton = declineButton = statusLine = undefined
    shownId = undefined
    root.replaceChildren()
    root.hidden = true
  }

  const show = (item: Approval.Item, queued: number, dapp: Dapp) => {
    clear()
    shownId = item.id
    trust = { trusted: false, tracked: true }
    const summary = Summary.describe(item.method, item.params, item)
    const rows = element(
      'dl',
      { className: 'af-rows' },
      summary.rows.flatMap((row) => [
        element('dt', { text: row.label, className: row.warning ? 'af-warning' : '' }),
        element('dd', {
          text: row.value,
          className: [row.value.startsWith('0x') ? 'af-mono' : '', row.warning ? 'af-warning' : '']
            .filter(Boolean)
            .join(' '),
        }),
      ]),
    )
    // The signed content in full, scrolling inside its box; the visibility gate watches the box too.
    const detail = summary.detail
      ? element('div', { className: 'af-detail' }, [
          element('h2', { text: summary.detail.label, id: 'af-detail-label' }),
          element('pre', { text: summary.detail.text }),
        ])
      : undefined
    if (detail) {
      const pre = detail.querySelector('pre')!
      pre.tabIndex = 0
      pre.setAttribute('aria-labelledby', 'af-detail-label')
    }
    declineButton = element('button', { className: 'af-button af-decline', text: 'Decline' })
    approveButton = element('button', { className: 'af-button af-approve', text: 'Approve' })
    declineButton.type = approveButton.type = 'button'
    declineButton.addEventListener('click', () => handlers.decline(item.id))
    approveButton.addEventListener('click', () => {
      if (approveButton && !approveButton.disabled) handlers.approve(item.id)
    })
    statusLine = element('p', { className: 'af-status' })
    statusLine.setAttribute('role', 'status')
    const actions = element('div', { className: 'af-actions' }, [declineButton, approveButton])
    const origin = handlers.pageOrigin
    const claimed = dapp?.url ? Env.claimMatches(origin, dapp.url) : undefined
    const header = element('header', {}, [
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
    ])
    const section = element('section', { className: 'af-approval' }, [
      header,
      rows,
      ...(detail ? [detail] : []),
      ...(queued > 0 ? [element('p', { className: 'af-muted', text: `${queued} more waiting` })] : []),
      statusLine,
      actions,
    ])
    section.setAttribute('aria-labelledby', 'af-title')
    root.append(section)
    root.hidden = false
    sync()
    // Approve is trusted only while the buttons and the signed content are all really visible.
    const areas = [actions, ...(detail ? [detail.querySelector('pre')!] : [])]
    const trusted = areas.map(() => false)
    let tracked = true
    const stops = areas.map((area, index) =>
      handlers.watch(area, (next) => {
        trusted[index] = next.trusted
        tracked = next.tracked
        trust = { trusted: trusted.every(Boolean), tracked }
        sync()
      }),
    )
    stopWatching = () => {
      for (const stop of stops) stop()
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
      sync()
    },
    /** Moves focus to the screen's first button (when the modal shows the frame). */
    focus() {
      declineButton?.focus({ preventScroll: true })
    },
  }
}
