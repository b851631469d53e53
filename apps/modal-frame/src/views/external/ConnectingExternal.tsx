import { Errors } from '@frontdoor/schemas'
import { useEffect, useState } from 'react'
import { useController } from '../../controller/context.js'
import type * as Schemas from '../../router/Schemas.js'

type Phase = { kind: 'connecting' } | { kind: 'error'; message: string } | { kind: 'missing' }

/**
 * ConnectingExternal: connects an injected wallet of the page (the host SDK talks to the extension).
 * Shows the wallet waiting for the user, and 'Connection rejected' with a retry when they decline.
 */
export default function ConnectingExternal({ data }: { data: Schemas.InjectedData }) {
  const controller = useController()
  const { rdns } = data
  const name = data.name || 'your wallet'
  const [phase, setPhase] = useState<Phase>({ kind: 'connecting' })
  const [round, setRound] = useState(0)

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` restarts the attempt on retry
  useEffect(() => {
    let live = true
    setPhase({ kind: 'connecting' })
    controller
      .injectedConnector(rdns)
      .then(async (connector) => {
        if (!live) return
        if (connector) await controller.connect(connector)
        else setPhase({ kind: 'missing' })
      })
      .catch((error: { code?: number; message?: string }) => {
        if (!live) return
        const message =
          error?.code === 4001
            ? Errors.LOGIN.CONNECTION_REJECTED
            : error?.message || Errors.LOGIN.FAILED_TO_CONNECT
        setPhase({ kind: 'error', message })
      })
    return () => {
      live = false
    }
  }, [controller, rdns, round])

  const icon = controller.state.get().injected.find((w) => w.rdns === rdns)?.icon
  return (
    <div className="fd-connecting">
      <div className="fd-connecting-logo" data-state={phase.kind}>
        {icon ? <img src={icon} alt="" width={72} height={72} /> : <span aria-hidden="true">{name[0]}</span>}
      </div>
      {phase.kind === 'connecting' ? (
        <div role="status" className="fd-connecting-text">
          <p className="fd-placeholder-title">Continue in {name}</p>
          <p className="fd-muted">Accept the connection request in the wallet.</p>
        </div>
      ) : phase.kind === 'missing' ? (
        <div role="alert" className="fd-connecting-text">
          <p className="fd-placeholder-title">{name} is not available</p>
          <p className="fd-muted">The wallet is no longer installed on this page. Choose another wallet.</p>
        </div>
      ) : (
        <>
          <div role="alert" className="fd-connecting-text">
            <p className="fd-placeholder-title fd-error-text">{phase.message}</p>
            <p className="fd-muted">The connection was not made. You can try again.</p>
          </div>
          <button type="button" className="fd-button" data-autofocus onClick={() => setRound((r) => r + 1)}>
            Try again
          </button>
        </>
      )}
    </div>
  )
}
