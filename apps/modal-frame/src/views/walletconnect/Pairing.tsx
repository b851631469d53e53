import { Constants, type Directory, Errors } from '@frontdoor/schemas'
import { useEffect, useId, useRef, useState } from 'react'
import type * as Connector from '../../connectors/Connector.js'
import { useController } from '../../controller/context.js'
import { type Logo, QrCode } from '../../ui/QrCode.js'
import * as DeepLink from './DeepLink.js'
import './walletconnect.css'

/** Where a pairing stands: waiting for the URI, showing it, or failed (with what to tell the user). */
type Phase =
  | { kind: 'loading' }
  | { kind: 'ready'; uri: string }
  | { kind: 'error'; title: string; detail: string }

/** The wallet a WalletConnect view was opened for: its directory entry when known. */
export type Wallet = {
  id: string
  name: string
  image_url?: string | undefined
  entry?: Directory.Wallet | undefined
}

/** What the user is told for a failed pairing: 'Connection rejected' when the wallet declined. */
function errorPhase(error: unknown): Extract<Phase, { kind: 'error' }> {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown }
  if (code === 4001)
    return {
      kind: 'error',
      title: Errors.LOGIN.CONNECTION_REJECTED,
      detail: 'The wallet declined the connection. You can try again.',
    }
  const text = typeof message === 'string' && message ? message : Errors.FRAME.SOMETHING_WENT_WRONG
  return { kind: 'error', title: Errors.LOGIN.FAILED_TO_CONNECT, detail: `${text.replace(/\.$/, '')}.` }
}

/**
 * Pairs with WalletConnect while the view is shown: the phase to render, and `retry`. Leaving the view
 * aborts the pairing; a success closes the modal (the controller does).
 */
function usePairing(wallet: Wallet | undefined) {
  const controller = useController()
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' })
  const [round, setRound] = useState(0)
  const walletId = wallet?.id
  const walletRef = useRef(wallet)
  walletRef.current = wallet

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` restarts the pairing on retry
  useEffect(() => {
    const abort = new AbortController()
    const picked = walletRef.current
    const info: Connector.WalletInfo | undefined = picked
      ? { id: picked.id, name: picked.name, icon: picked.image_url }
      : undefined
    setPhase({ kind: 'loading' })
    controller
      .walletConnect()
      .then((connector) =>
        controller.connect(connector, {
          signal: abort.signal,
          onUri: (uri) => {
            if (!abort.signal.aborted) setPhase({ kind: 'ready', uri })
          },
          ...(info ? { data: { wallet: info } } : {}),
        }),
      )
      .catch((error: unknown) => {
        if (abort.signal.aborted) return
        // A refusal is the user's choice; anything else is worth a line for whoever debugs the page.
        if ((error as { code?: unknown } | null)?.code !== 4001)
          console.error('frontdoor: WalletConnect', error)
        setPhase(errorPhase(error))
      })
    return () => abort.abort()
  }, [controller, walletId, round])

  return { phase, retry: () => setRound((r) => r + 1) }
}

type CopyState = 'idle' | 'copied' | 'failed'

/** 'Copy link': the URI to the clipboard, with 'Link copied' for a moment; the link itself when that fails. */
function CopyLink({ uri }: { uri: string }) {
  const [state, setState] = useState<CopyState>('idle')
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const fieldId = useId()
  useEffect(() => () => clearTimeout(timer.current), [])
  // A fresh URI makes any earlier copy stale.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the URI changes
  useEffect(() => setState('idle'), [uri])

  const copy = async () => {
    clearTimeout(timer.current)
    try {
      await navigator.clipboard.writeText(uri)
      setState('copied')
      timer.current = setTimeout(() => setState('idle'), Constants.TOAST_AUTO_HIDE_MS)
    } catch {
      setState('failed')
    }
  }
  return (
    <>
      <button type="button" className="fd-button" data-variant="secondary" onClick={copy}>
        Copy link
      </button>
      <p className="fd-wc-copied" role="status">
        {state === 'copied' ? 'Link copied' : ''}
      </p>
      {state === 'failed' ? (
        <div className="fd-wc-manual">
          <label htmlFor={fieldId} className="fd-muted">
            Copying is blocked here. Copy the link yourself:
          </label>
          <input id={fieldId} readOnly value={uri} onFocus={(event) => event.currentTarget.select()} />
        </div>
      ) : null}
    </>
  )
}

/**
 * The pairing screen of ConnectingWalletConnect and ConnectingWalletConnectBasic: the QR code of the
 * pairing URI (refreshed before it expires), 'Copy link', deep links to the wallet's apps, and the
 * loading and error states with 'Retry'. `basic`: the plain code, without the wallet's branding.
 */
export function PairingView(props: { wallet?: Wallet | undefined; basic?: boolean }) {
  const { wallet, basic = false } = props
  const { phase, retry } = usePairing(wallet)
  const logo: Logo = basic
    ? { kind: 'none' }
    : wallet
      ? { kind: 'wallet', image: wallet.image_url, name: wallet.name }
      : { kind: 'walletconnect' }
  const label =
    wallet && !basic ? `QR code to connect ${wallet.name}` : 'QR code to connect with WalletConnect'

  if (phase.kind === 'error')
    return (
      <div className="fd-connecting">
        <div role="alert" className="fd-connecting-text">
          <p className="fd-placeholder-title fd-error-text">{phase.title}</p>
          <p className="fd-muted">{phase.detail}</p>
        </div>
        <button type="button" className="fd-button" data-autofocus onClick={retry}>
          Retry
        </button>
      </div>
    )

  const links =
    phase.kind === 'ready' && wallet?.entry && !basic ? DeepLink.links(wallet.entry, phase.uri) : []
  return (
    <div className="fd-wc" data-basic={basic}>
      {phase.kind === 'ready' ? (
        <figure className="fd-qr" data-uri={phase.uri}>
          <QrCode value={phase.uri} label={label} logo={logo} />
        </figure>
      ) : (
        <div className="fd-qr fd-qr-loading" role="status" aria-label="Loading QR code">
          <span className="fd-spinner" aria-hidden="true" />
        </div>
      )}
      <p className="fd-muted">
        {wallet && !basic ? `Scan with ${wallet.name} on your phone` : 'Scan with your phone'}
      </p>
      {phase.kind === 'ready' ? (
        <div className="fd-wc-actions">
          {links.map((link) => (
            <a
              key={link.kind}
              className="fd-button"
              data-variant="secondary"
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
            >
              {link.label}
            </a>
          ))}
          <CopyLink uri={phase.uri} />
        </div>
      ) : null}
    </div>
  )
}
