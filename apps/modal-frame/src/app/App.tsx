import { type KeyboardEvent, lazy, type MouseEvent, Suspense, useEffect, useMemo, useRef } from 'react'
import type * as Controller from '../controller/Controller.js'
import { ControllerContext } from '../controller/context.js'
import { useStore } from '../store/useStore.js'
import * as Theme from '../theme/Theme.js'
import * as AfterPaint from '../ui/AfterPaint.js'
import * as Routes from './Routes.js'

const Toasts = lazy(() => import('../ui/Toasts.js'))
// A blocking alert is rare (a misconfigured project): its view is a chunk of its own.
const AlertView = lazy(() => import('../views/alert/AlertView.js'))

/** The spinner while a lazy view loads: `onGone` runs once the view has arrived in its place. */
function Loading({ onGone }: { onGone: () => void }) {
  useEffect(() => onGone, [onGone])
  return <div className="fd-spinner" role="status" aria-label="Loading" />
}

const FOCUSABLE = ':is(button,input):not([disabled]),a[href],[tabindex]:not([tabindex="-1"])'

/** The modal: an overlay (click closes) holding the card with the header and the current view. */
export function App({ controller }: { controller: Controller.Controller }) {
  const route = useStore(controller.router)
  const modal = useStore(controller.modal)
  const state = useStore(controller.state)
  const card = useRef<HTMLDivElement>(null)
  const inline = controller.env.mode === 'inline'
  const visible = modal.open || inline

  // Focus moves to the view's first shown [data-autofocus] control (else the card): when the view
  // changes, at once, and again when a lazy view's chunk arrives; when the modal opens, once the card
  // has been painted. focus() lays the card out at once, and the frame that shows the card should not
  // wait for that (nor for the focus's own handlers). Inline, the card is part of the page: it is not
  // focused when it first shows, and focus moves only while the visitor is in the frame (a view they
  // caused), never away from the page they are typing in.
  const focused = useRef(inline)
  const focusView = () => {
    focused.current = true
    // Not in a view Suspense keeps (display:none) while the next one loads: focus() there does nothing.
    ;(
      card.current?.querySelector<HTMLElement>('[data-autofocus]:not([style*="display: none"] *)') ??
      card.current
    )?.focus({ preventScroll: true })
  }
  const mayFocus = () => focused.current && (!inline || document.hasFocus())
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves to the new view when the view changes
  useEffect(() => {
    if (!visible) {
      focused.current = false
      return
    }
    if (focused.current) return void (mayFocus() && focusView())
    // A control the visitor focused in the card meanwhile (a click, a Tab) keeps the focus.
    const before = document.activeElement
    return AfterPaint.run(() => {
      const now = document.activeElement
      if (now !== before && now !== card.current && card.current?.contains(now)) focused.current = true
      else focusView()
    })
  }, [visible, route.view])
  // A lazy view has arrived: focus moves from the card (where it waited) into the view, unless the
  // visitor moved it meanwhile. (The first render's function: it reads refs, and `inline` is constant.)
  const onViewShown = useRef(() => {
    if (mayFocus() && document.activeElement === card.current) focusView()
  }).current

  // The email login's screen loads once the modal has shown (not with the page: nothing of a login
  // is fetched before the first open), while the visitor reads the Connect view.
  useEffect(() => {
    if (state.features.email && state.featuresReady && visible) {
      const idle = window.requestIdleCallback ?? ((fn: () => void) => setTimeout(fn, 200))
      idle(() => void Routes.ROUTES.EmailLogin.preload?.())
    }
  }, [state.features.email, state.featuresReady, visible])

  // Escape is heard on the whole frame document: right after open, focus may still be on the frame's
  // body rather than inside the card.
  useEffect(() => {
    if (inline || !visible) return
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return
      event.preventDefault()
      controller.requestClose()
    }
    window.addEventListener('keydown', onEscape)
    return () => window.removeEventListener('keydown', onEscape)
  }, [controller, inline, visible])

  // Tab from the last control goes to the first, Shift+Tab from the first (or the card) to the last.
  const onKeyDown = (event: KeyboardEvent) => {
    const items =
      event.key === 'Tab' && card.current ? [...card.current.querySelectorAll<HTMLElement>(FOCUSABLE)] : []
    const now = document.activeElement
    const next = event.shiftKey
      ? (now === items[0] || now === card.current) && items.at(-1)
      : now === items.at(-1) && items[0]
    if (next) {
      event.preventDefault()
      next.focus()
    }
  }
  const onOverlayClick = (event: MouseEvent) => {
    if (event.target === event.currentTarget && !inline) controller.requestClose()
  }

  // The view's element is kept while its route and the alert stay the same: opening or closing the
  // modal re-renders the frame around it, not the view (a warm re-open only shows the card).
  const resolved = useMemo(() => Routes.resolve(route.view, route.data), [route.view, route.data])
  const title = state.alert ? 'Frontdoor' : resolved.title
  const body = useMemo(() => {
    if (state.alert) return <AlertView alert={state.alert} />
    if (!resolved.ok) return <Routes.ErrorView view={route.view} error={resolved.error} />
    // A view remounts when it is opened with other data (another wallet, another provider).
    const key = `${route.view}:${JSON.stringify(route.data ?? null)}`
    return <resolved.route.component key={key} data={resolved.data} />
  }, [state.alert, resolved, route.view, route.data])

  return (
    <ControllerContext value={controller}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the overlay is a pointer target only; Escape and the close button are the keyboard ways out */}
      <div
        className={`fd-overlay${inline ? ' fd-inline' : ''}`}
        data-open={visible}
        onClick={onOverlayClick}
        onKeyDown={onKeyDown}
      >
        <div
          ref={card}
          className="fd-card"
          role="dialog"
          aria-modal={!inline}
          aria-labelledby="fd-title"
          tabIndex={-1}
          data-theme={state.theme.themeMode}
          data-shake={modal.shake}
          style={Theme.variables(state.theme.themeVariables)}
          hidden={!visible}
        >
          <div className="fd-header">
            {route.history.length > 0 && !state.alert ? (
              <button
                type="button"
                className="fd-icon-button"
                aria-label="Back"
                onClick={controller.router.goBack}
              >
                <svg viewBox="0 0 24 24" aria-hidden="true">
                  <path d="M15 5l-7 7 7 7" />
                </svg>
              </button>
            ) : (
              <span className="fd-icon-spacer" />
            )}
            <h1 id="fd-title" className="fd-title">
              {title}
            </h1>
            {inline ? (
              <span className="fd-icon-spacer" />
            ) : (
              <button
                type="button"
                className="fd-icon-button"
                aria-label="Close"
                onClick={controller.requestClose}
              >
                <svg viewBox="0 0 24 24" aria-hidden="true">
                  <path d="M6 6l12 12M18 6L6 18" />
                </svg>
              </button>
            )}
          </div>
          <div className="fd-body" aria-busy={modal.loading}>
            <Suspense fallback={<Loading onGone={onViewShown} />}>{body}</Suspense>
          </div>
          {/* Toasts (a lazy chunk) matter once an account is connected, or once an alert's toast shows. */}
          {state.status === 'connected' || state.toasts ? (
            <Suspense fallback={null}>
              <Toasts />
            </Suspense>
          ) : null}
        </div>
      </div>
    </ControllerContext>
  )
}
