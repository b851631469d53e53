import * as Errors from '@frontdoor/schemas/errors'
import * as Format from '@frontdoor/schemas/presentation/format'
import type { ReactNode } from 'react'
import * as Usd from '../../account/Usd.js'
import { useStore } from '../../store/useStore.js'
import { Avatar, Icon } from '../../ui/Avatar.js'
import * as SendStore from './SendStore.js'

/**
 * The parts of the Send preview that the eip155 and the solana Send views share (both lazy chunks): the
 * amount sent, the rows of details, the network fee, the error and the Edit / Send buttons.
 */

/** What a wallet's, node's or cluster's error says, for the view. */
export function messageOf(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message
  return typeof message === 'string' && message ? message : Errors.FRAME.SOMETHING_WENT_WRONG
}

/** The token's icon, the amount sent and its USD value (none on a testnet). */
export function Summary({
  apiUrl,
  iconUrl,
  symbol,
  amount,
  usd,
}: {
  apiUrl: string
  iconUrl: string | undefined
  symbol: string
  /** The decimal amount sent. */
  amount: string
  /** The amount's USD figure (Usd.figure), undefined on a testnet. */
  usd: string | undefined
}) {
  return (
    <div className="fd-send-summary">
      <Icon src={Usd.imageUrl(apiUrl, iconUrl)} label={symbol} size={48} />
      <p className="fd-send-amount">
        {Format.formatAmount(amount)} {symbol}
      </p>
      {usd ? <p className="fd-muted">{usd}</p> : null}
    </div>
  )
}

/** One row of the preview's details (inside a `dl`); `live` announces changes of the value. */
export function Detail({ term, live, children }: { term: string; live?: boolean; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd aria-live={live ? 'polite' : undefined}>{children}</dd>
    </div>
  )
}

/** The network fee row: 'Estimating…' while it is read, the error's message, then `text()`. */
export function Fee({
  estimate,
  text,
}: {
  estimate: { isPending: boolean; isError: boolean; error: unknown }
  text: () => string
}) {
  return (
    <Detail term="Network fee" live>
      {estimate.isPending ? 'Estimating…' : estimate.isError ? messageOf(estimate.error) : text()}
    </Detail>
  )
}

/** The receiver as the preview shows it: its avatar (generated from `seed`, or its image), name and address. */
export function Receiver({
  address,
  seed,
  src,
  name,
}: {
  address: string
  /** What the generated avatar's colors come from. */
  seed: string
  src?: string | undefined
  name?: string | undefined
}) {
  return (
    <span className="fd-receiver" data-testid="receiver">
      <Avatar address={seed} src={src} size={24} />
      {name ? <strong>{name}</strong> : null}
      <span title={address}>{Format.truncateAddress(address)}</span>
    </span>
  )
}

/** The Send flow's error (the form's, with the `id` its amount field is described by, or the preview's). */
export function ErrorText({ id, error }: { id?: string; error: string | undefined }) {
  if (!error) return null
  return (
    <p id={id} className="fd-error-text fd-send-error" role="alert">
      {error}
    </p>
  )
}

/** Edit (back to the Send flow's form) and Send, which shows 'Sending…' while the flow's send runs. */
export function Buttons({
  ready,
  onSend,
}: {
  /** Whether the send can go (its fee and costs are known and fine). */
  ready: boolean
  onSend: () => void
}) {
  const { loading } = useStore(SendStore.frame)
  return (
    <div className="fd-send-buttons">
      <button
        type="button"
        className="fd-button"
        data-variant="secondary"
        disabled={loading}
        onClick={() => SendStore.frame.update({ step: 'form', error: undefined })}
      >
        Edit
      </button>
      <button
        type="button"
        className="fd-button"
        disabled={loading || !ready}
        aria-busy={loading}
        onClick={onSend}
        data-autofocus
      >
        {loading ? (
          <>
            <span className="fd-button-spinner" aria-hidden="true" /> Sending…
          </>
        ) : (
          'Send'
        )}
      </button>
    </div>
  )
}
