import { Errors } from '@frontdoor/schemas'
import { useEffect, useState } from 'react'
import { useController } from '../../controller/context.js'
import './farcaster.css'
import * as Qr from './Qr.js'

type Status =
  | { kind: 'loading' }
  | { kind: 'waiting'; url: string }
  | { kind: 'error'; url: string | undefined }

/**
 * The ConnectingFarcaster view (lazy chunk): the Farcaster sign-in link as a QR code and a 'Copy link'
 * button, while the auth frame polls the channel's status; logged in once it completes.
 */
export default function ConnectingFarcaster() {
  const controller = useController()
  const [status, setStatus] = useState<Status>({ kind: 'loading' })
  const [copied, setCopied] = useState(false)
  const [round, setRound] = useState(0)

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` restarts the flow (Try again)
  useEffect(() => {
    const abort = new AbortController()
    let url: string | undefined
    setStatus({ kind: 'loading' })
    ;(async () => {
      const embedded = await controller.embedded()
      url = await embedded.farcasterUrl()
      if (abort.signal.aborted) return
      setStatus({ kind: 'waiting', url })
      await controller.connect(embedded, { data: { farcaster: true }, signal: abort.signal })
    })().catch(() => {
      if (!abort.signal.aborted) setStatus({ kind: 'error', url })
    })
    return () => abort.abort()
  }, [controller, round])

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url)
      setCopied(true)
      setTimeout(() => setCopied(false), 2000)
    } catch {
      setCopied(false)
    }
  }

  if (status.kind === 'loading') {
    return <div className="fd-spinner" role="status" aria-label="Loading" />
  }
  if (status.kind === 'error') {
    return (
      <div className="fd-connecting">
        <p className="fd-error-text" role="alert">
          {Errors.LOGIN.FAILED_TO_CONNECT_FARCASTER}
        </p>
        <button type="button" className="fd-button" onClick={() => setRound((n) => n + 1)} data-autofocus>
          Try again
        </button>
      </div>
    )
  }
  const qr = Qr.path(status.url)
  return (
    <div className="fd-connecting fd-farcaster">
      <svg
        className="fd-farcaster-qr"
        viewBox={`0 0 ${qr.size} ${qr.size}`}
        role="img"
        aria-label="QR code to sign in with Farcaster"
        shapeRendering="crispEdges"
      >
        <rect width={qr.size} height={qr.size} fill="#fff" />
        <path d={qr.d} fill="#000" />
      </svg>
      <p className="fd-connecting-text" role="status" aria-live="polite">
        Scan with your phone's camera, or open the link, to sign in with Farcaster
      </p>
      <a className="fd-farcaster-link" href={status.url} target="_blank" rel="noopener noreferrer">
        Open the sign-in link
      </a>
      <button
        type="button"
        className="fd-button"
        data-variant="secondary"
        onClick={() => void copy(status.url)}
        data-autofocus
      >
        {copied ? 'Link copied' : 'Copy link'}
      </button>
    </div>
  )
}
