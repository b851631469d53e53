import { type KeyboardEvent, lazy, type MouseEvent, Suspense, useEffect, useRef } from 'react'
import type * as Controller from '../controller/Controller.js'
import { ControllerContext } from '../controller/context.js'
import { useStore } from '../store/useStore.js'
import * as Theme from '../theme/Theme.js'
import { AlertView } from '../views/alert/AlertView.js'
import { ConnectView } from '../views/connect/ConnectView.js'

// Feature screens are separate chunks, fetched only when their view is shown (and prefetched only
// when their feature is on).
const EmailLogin = lazy(() => import('../views/email/EmailLogin.js'))
const ConnectingExternal = lazy(() => import('../views/external/ConnectingExternal.js'))
const Account = lazy(() => import('../views/account/Account.js'))
const Placeholder = lazy(() => import('../views/placeholder/Placeholder.js'))
const ConnectingSocial = lazy(() => import('../views/social/ConnectingSocial.js'))
const ConnectingFarcaster = lazy(() => import('../views/farcaster/ConnectingFarcaster.js'))
const ApproveTransaction = lazy(() => import('../views/approve/ApproveTransaction.js'))
const UpdateEmailWallet = lazy(() => import('../views/update-email/UpdateEmailWallet.js'))
const ConnectingWalletConnect = lazy(() => import('../views/walletconnect/ConnectingWalletConnect.js'))
const ConnectingWalletConnectBasic = lazy(
  () => import('../views/walletconnect/ConnectingWalletConnectBasic.js'),
)
const AllWallets = lazy(() => import('../views/all-wallets/AllWallets.js'))
const Send = lazy(() => import('../views/send/Send.js'))
const Receive = lazy(() => import('../views/receive/Receive.js'))
const SwitchNetwork = lazy(() => import('../views/networks/SwitchNetwork.js'))
const UnsupportedChain = lazy(() => import('../views/networks/UnsupportedChain.js'))
const SwitchActiveChain = lazy(() => import('../views/networks/SwitchActiveChain.js'))
const ProfileWallets = lazy(() => import('../views/profile-wallets/ProfileWallets.js'))
const Toasts = lazy(() => import('../ui/Toasts.js'))

const TITLES: Partial<Record<string, string>> = {
  Connect: 'Connect Wallet',
  AllWallets: 'All Wallets',
  ConnectingWalletConnect: 'WalletConnect',
  ConnectingWalletConnectBasic: 'WalletConnect',
  ConnectingExternal: 'Connect',
  EmailLogin: 'Email',
  ConnectingFarcaster: 'Farcaster',
  ApproveTransaction: 'Approve Transaction',
  UpdateEmailWallet: 'Update Email',
  Account: 'Account',
  Send: 'Send',
  Receive: 'Receive',
  SwitchNetwork: 'Choose Network',
  UnsupportedChain: 'Switch Network',
  SwitchActiveChain: 'Choose Chain',
  ProfileWallets: 'Wallets',
}

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])'

/** The modal: an overlay (click closes) holding the card with the header and the current view. */
export function App({ controller }: { controller: Controller.Controller }) {
  const route = useStore(controller.router)
  const modal = useStore(controller.modal)
  const state = useStore(controller.state)
  const card = useRef<HTMLDivElement>(null)
  const inline = controller.env.mode === 'inline'
  const visible = modal.open || inline

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves to the new view when the view changes
  useEffect(() => {
    if (!visible) return
    const first = card.current?.querySelector<HTMLElement>('[data-autofocus]') ?? card.current
    first?.focus({ preventScroll: true })
  }, [visible, route.view])

  useEffect(() => {
    if (state.features.email && state.featuresReady) {
      const idle = window.requestIdleCallback ?? ((fn: () => void) => setTimeout(fn, 200))
      idle(() => void import('../views/email/EmailLogin.js'))
    }
  }, [state.features.email, state.featuresReady])

  // Escape is heard on the whole frame document: right after open, focus may still be on the frame's
  // body rather than inside the card.
  useEffect(() => {
    if (inline) return
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || !visible) return
      event.preventDefault()
      controller.requestClose()
    }
    window.addEventListener('keydown', onEscape)
    return () => window.removeEventListener('keydown', onEscape)
  }, [controller, inline, visible])

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Tab' || !card.current) return
    const items = [...card.current.querySelectorAll<HTMLElement>(FOCUSABLE)]
    const first = items[0]
    const last = items.at(-1)
    if (!first || !last) return
    if (event.shiftKey && (document.activeElement === first || document.activeElement === card.current)) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault()
      first.focus()
    }
  }
  const onOverlayClick = (event: MouseEvent) => {
    if (event.target === event.currentTarget && !inline) controller.requestClose()
  }

  const walletName =
    route.view === 'ConnectingExternal' || route.view === 'ConnectingWalletConnect'
      ? route.data?.name
      : undefined
  const title = state.alert
    ? 'Frontdoor'
    : typeof walletName === 'string'
      ? walletName
      : (TITLES[route.view] ?? route.view)
  let body: React.ReactNode
  if (state.alert) body = <AlertView alert={state.alert} />
  else if (route.view === 'Connect') body = <ConnectView />
  else if (route.view === 'EmailLogin') body = <EmailLogin />
  else if (route.view === 'ConnectingExternal' && route.data?.rdns)
    body = <ConnectingExternal key={String(route.data.rdns)} />
  else if (route.view === 'ConnectingWalletConnect')
    body = <ConnectingWalletConnect key={String(route.data?.id ?? 'walletconnect')} />
  else if (route.view === 'ConnectingWalletConnectBasic') body = <ConnectingWalletConnectBasic />
  else if (route.view === 'AllWallets') body = <AllWallets />
  else if (route.view === 'ConnectingExternal' && route.data?.social)
    body = <ConnectingSocial key={String(route.data.social)} />
  else if (route.view === 'ConnectingFarcaster') body = <ConnectingFarcaster />
  else if (route.view === 'ApproveTransaction') body = <ApproveTransaction />
  else if (route.view === 'UpdateEmailWallet') body = <UpdateEmailWallet />
  else if (route.view === 'Account') body = <Account />
  else if (route.view === 'Send') body = <Send />
  else if (route.view === 'Receive') body = <Receive />
  else if (route.view === 'SwitchNetwork') body = <SwitchNetwork />
  else if (route.view === 'UnsupportedChain') body = <UnsupportedChain />
  else if (route.view === 'SwitchActiveChain') body = <SwitchActiveChain />
  else if (route.view === 'ProfileWallets') body = <ProfileWallets />
  else body = <Placeholder view={route.view} />

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
            <Suspense fallback={<div className="fd-spinner" role="status" aria-label="Loading" />}>
              {body}
            </Suspense>
          </div>
          {/* Toasts (a lazy chunk) matter once an account is connected. */}
          {state.status === 'connected' ? (
            <Suspense fallback={null}>
              <Toasts />
            </Suspense>
          ) : null}
        </div>
      </div>
    </ControllerContext>
  )
}
