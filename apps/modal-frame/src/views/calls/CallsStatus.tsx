import { useEffect, useState } from 'react'
import { useController } from '../../controller/context.js'
import '../../ui/account.css'
import * as Status from './Status.js'

/** How often a pending batch is read again. */
const POLL_MS = 2_000

/**
 * CallsStatus (lazy chunk): EIP-5792 `wallet_showCallsStatus` of the embedded wallet. The batch's
 * status in words, whether it ran as one transaction or call by call, and each receipt: its
 * transaction hash (shortened, whole for screen readers), block and outcome. A pending batch is read
 * again every 2 s; a failed read says so.
 */
export default function CallsStatus({ data }: { data: { id: string } }) {
  const controller = useController()
  const [shown, setShown] = useState<Status.Shown | undefined>()
  const [error, setError] = useState<string | undefined>()

  useEffect(() => {
    let alive = true
    let timer: ReturnType<typeof setTimeout> | undefined
    const load = () =>
      controller.connection.request('wallet_getCallsStatus', [data.id]).then(
        (answer) => {
          if (!alive) return
          const next = Status.read(answer)
          setShown(next)
          setError(undefined)
          if (next.pending) timer = setTimeout(load, POLL_MS)
        },
        (failure: Error) => {
          if (alive) setError(failure.message || 'The status could not be read')
        },
      )
    void load()
    return () => {
      alive = false
      clearTimeout(timer)
    }
  }, [controller, data.id])

  if (error)
    return (
      <p className="fd-empty" role="alert">
        {error}
      </p>
    )
  if (!shown) return <div className="fd-spinner" role="status" aria-label="Loading the batch status" />
  return (
    <div className="fd-activity fd-calls-status">
      <p className="fd-row-title" role="status">
        {shown.status}
      </p>
      <p className="fd-row-sub">
        {shown.atomic ? 'All calls in one transaction' : 'One transaction per call, in order'}
        {shown.chainId ? ` · Chain ${shown.chainId}` : ''}
      </p>
      {shown.receipts.length === 0 ? (
        <p className="fd-empty">No transaction yet.</p>
      ) : (
        <ul className="fd-rows" aria-label="Transactions">
          {shown.receipts.map((receipt, i) => (
            <li className="fd-row" data-status={receipt.success ? 'confirmed' : 'failed'} key={receipt.key}>
              <span className="fd-row-main">
                <span className="fd-row-title">
                  {shown.atomic ? 'Transaction' : `Call ${i + 1}`}
                  <span className="fd-status">{receipt.success ? 'Success' : 'Reverted'}</span>
                </span>
                <span className="fd-row-sub" title={receipt.hash}>
                  <span aria-hidden="true">{Status.short(receipt.hash)}</span>
                  <span className="fd-visually-hidden">{receipt.hash}</span>
                </span>
              </span>
              <span className="fd-row-end fd-muted">Block {receipt.block}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
