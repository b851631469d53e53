import * as Errors from '@frontdoor/protocol/errors'
import * as ConvertRule from '@frontdoor/schemas/convert-rules'
import * as SchemaErrors from '@frontdoor/schemas/errors'
import * as Format from '@frontdoor/schemas/presentation/format'
import { useQuery } from '@tanstack/react-query'
import { erc20Abi } from 'viem'
import { formatUnits } from 'viem/utils'
import { AccountRoot, useQueries, useScope } from '../../account/Context.js'
import * as Fee from '../../account/Fee.js'
import * as Pending from '../../account/Pending.js'
import * as Queries from '../../account/Queries.js'
import * as Settle from '../../account/Settle.js'
import * as Transfer from '../../account/Transfer.js'
import * as Units from '../../account/Units.js'
import * as Chain from '../../chain/Chain.js'
import { useController } from '../../controller/context.js'
import * as Payment from '../../pay/Payment.js'
import * as Flow from '../../store/Flow.js'
import { useStore } from '../../store/useStore.js'
import { Avatar, Icon } from '../../ui/Avatar.js'
import { useAutofocus } from '../../ui/useAutofocus.js'
import '../../ui/account.css'
import './pay.css'

/**
 * The Pay view (spec section 2's `pay` feature screen): the payment the page asked for with
 * `frontdoor.pay()` (what, to whom, on which network, from which account, the balance and the network
 * fee), paid from the connected wallet or declined. The page's promise settles from here
 * (pay/Payment.ts): the hash once mined, 4001 when declined.
 */
export default function Pay() {
  return (
    <AccountRoot>
      <Current />
    </AccountRoot>
  )
}

type Step = 'review' | 'paying' | 'confirming'

/**
 * The view's flow, kept while the view is left (the embedded wallet's approval shows over it): the step
 * and error of one payment (`for`), and the last payment mined, shown until Done or the next payment.
 */
type FlowState = {
  for: Payment.Pending | undefined
  step: Step
  error: string | undefined
  paid: { payment: Payment.Payment; hash: string } | undefined
}
const INITIAL: FlowState = { for: undefined, step: 'review', error: undefined, paid: undefined }
const flow = Flow.create<FlowState>(INITIAL)

function Current() {
  const pending = useStore(Payment.current)
  const { paid } = useStore(flow)
  const scope = useScope()
  if (!pending && paid) return <Paid {...paid} />
  if (!pending) return <p className="fd-empty">No payment is waiting.</p>
  if (!scope) return <p className="fd-empty">Connect a wallet to pay.</p>
  return <Review pending={pending} scope={scope} />
}

/** What a wallet's or node's error says, for the view. */
function messageOf(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message
  return typeof message === 'string' && message ? message : SchemaErrors.FRAME.SOMETHING_WENT_WRONG
}

/** The balance `address` holds of `asset` on `chainId`, in base units, as the chain says. */
function balanceOf(context: Chain.Context, chainId: number, asset: Payment.Asset, address: string) {
  const client = Chain.client(context, chainId)
  const owner = address as `0x${string}`
  return asset.address
    ? client.readContract({ address: asset.address, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
    : client.getBalance({ address: owner })
}

function Review({ pending, scope }: { pending: Payment.Pending; scope: Queries.Scope }) {
  const controller = useController()
  const queries = useQueries()
  const connection = useStore(controller.connection)
  const onramp = useStore(controller.state).features.onramp.length > 0
  const current = useStore(flow)
  const { payment } = pending
  const { asset } = payment
  // This payment's step and error (a new payment starts at the review).
  const { step, error } = current.for === pending ? current : INITIAL
  const update = (patch: Partial<FlowState>) =>
    flow.set((s) => ({ ...(s.for === pending ? s : INITIAL), for: pending, ...patch }))
  const setStep = (next: Step) => update({ step: next })
  const setError = (message: string | undefined) => update({ error: message })
  const root = useAutofocus<HTMLDivElement>(step)
  const onChain = scope.chainId === payment.chainId
  const balance = useQuery({
    queryKey: ['payBalance', payment.chainId, scope.address, asset.address ?? 'native'] as const,
    queryFn: () => balanceOf(scope.context, payment.chainId, asset, scope.address),
    enabled: onChain,
    staleTime: 5_000,
  })
  const short = balance.data !== undefined && balance.data < payment.units
  const request = Transfer.transaction({
    contract: asset.address,
    units: payment.units,
    from: scope.address,
    to: payment.recipient,
  })
  const fee = useQuery({
    queryKey: ['fee', Queries.caip2(payment.chainId), request] as const,
    queryFn: () => Fee.estimate(scope.context, payment.chainId, request),
    enabled: onChain && balance.data !== undefined && !short,
    staleTime: 15_000,
    retry: false,
  })
  const busy = step !== 'review'

  const decline = () => {
    pending.fail(Errors.providerError('userRejectedRequest'))
    controller.requestClose()
  }

  const pay = async () => {
    update({ step: 'paying', error: undefined })
    pending.paying()
    const { router } = controller
    // The payment is this view's pending transaction: a wallet view pushed over it (the embedded
    // wallet's approval) comes back here when it is done instead of closing the modal (spec section 4).
    router.pushTransaction('Pay')
    let hash: unknown
    try {
      hash = await controller.connection.request('eth_sendTransaction', [request])
      if (typeof hash !== 'string') throw new Error('The wallet returned no transaction hash')
    } catch (failure) {
      router.popTransaction()
      if (router.get().history.at(-1)?.view === 'Pay') router.goBack()
      // Declined in the wallet: the page hears 4001 and the modal closes.
      if ((failure as { code?: unknown }).code === Errors.PROVIDER_ERRORS.userRejectedRequest.code) {
        pending.fail(Errors.providerError('userRejectedRequest'))
        controller.requestClose()
        return
      }
      pending.reviewing()
      update({ step: 'review', error: messageOf(failure) })
      return
    }
    router.popTransaction()
    if (router.get().history.at(-1)?.view === 'Pay') router.goBack()
    setStep('confirming')
    const sent = hash as `0x${string}`
    Pending.frame.add({
      hash: sent,
      chain: Queries.caip2(payment.chainId),
      from: scope.address,
      to: payment.recipient,
      symbol: asset.symbol,
      iconUrl: undefined,
      amount: payment.amount,
      sentAt: Date.now(),
    })
    // The page's promise waits for the receipt: resolved when mined, rejected when reverted.
    void Settle.settle({
      queries,
      scope,
      hash: sent,
      tokens: [
        asset.address
          ? `${Queries.caip2(payment.chainId)}:${asset.address}`
          : ConvertRule.nativeId(Queries.caip2(payment.chainId)),
      ],
      pending: Pending.frame,
      onMined: (status) => {
        const failed = Payment.outcome(status, sent)
        if (failed) {
          pending.fail(failed)
          controller.requestClose()
          return
        }
        flow.set({ ...INITIAL, paid: { payment, hash: sent } })
        pending.paid(sent)
      },
    })
  }

  const feeText = fee.data
    ? `${Format.formatFee(formatUnits(fee.data.fee, payment.native.decimals))} ${payment.native.symbol}`
    : fee.isError
      ? messageOf(fee.error)
      : short
        ? '—'
        : 'Estimating…'

  return (
    <div ref={root} className="fd-pay">
      <div className="fd-pay-summary">
        <Icon src={undefined} label={asset.symbol} size={48} />
        <p className="fd-pay-amount" data-testid="pay-amount">
          {payment.amount} {asset.symbol}
        </p>
        <p className="fd-muted">{asset.name}</p>
      </div>
      <dl className="fd-pay-details">
        <div>
          <dt>To</dt>
          <dd className="fd-pay-party" data-testid="pay-recipient">
            <Avatar address={payment.recipient} size={20} />
            <span title={payment.recipient}>{Format.truncateAddress(payment.recipient)}</span>
          </dd>
        </div>
        <div>
          <dt>Network</dt>
          <dd>{payment.network}</dd>
        </div>
        <div>
          <dt>From</dt>
          <dd className="fd-pay-party" data-testid="pay-from">
            <Avatar address={scope.address} size={20} />
            <span title={scope.address}>{Format.truncateAddress(scope.address)}</span>
          </dd>
        </div>
        {connection.session?.wallet.name ? (
          <div>
            <dt>Wallet</dt>
            <dd className="fd-ellipsis" data-testid="pay-wallet">
              {connection.session.wallet.name}
            </dd>
          </div>
        ) : null}
        <div>
          <dt>Balance</dt>
          <dd data-testid="pay-balance">
            {balance.data !== undefined
              ? `${Format.formatAmount(formatUnits(balance.data, asset.decimals))} ${asset.symbol}`
              : balance.isError
                ? messageOf(balance.error)
                : onChain
                  ? 'Loading…'
                  : '—'}
          </dd>
        </div>
        <div>
          <dt>Network fee</dt>
          <dd aria-live="polite" data-testid="pay-fee">
            {feeText}
          </dd>
        </div>
      </dl>
      {!onChain ? (
        <div className="fd-pay-notice" role="alert">
          <p>The payment is on {payment.network}; the wallet is on another network.</p>
          <button
            type="button"
            className="fd-button"
            data-variant="secondary"
            onClick={() =>
              void controller.switchNetwork(payment.chainId).catch((e) => setError(messageOf(e)))
            }
          >
            Switch to {payment.network}
          </button>
        </div>
      ) : null}
      {short ? (
        <div className="fd-pay-notice">
          <p className="fd-error-text" role="alert">
            {Units.INSUFFICIENT_BALANCE}: {payment.amount} {asset.symbol} needed
          </p>
          {/* Buy first (when the on-ramp is on); Back returns to the payment, still waiting. */}
          {onramp ? (
            <button
              type="button"
              className="fd-button"
              data-variant="secondary"
              onClick={() =>
                controller.router.push('Buy', asset.address ? undefined : { asset: asset.symbol })
              }
            >
              {asset.address ? 'Buy crypto' : `Buy ${asset.symbol}`}
            </button>
          ) : null}
        </div>
      ) : null}
      {error ? (
        <p className="fd-error-text fd-pay-error" role="alert">
          {error}
        </p>
      ) : null}
      {step === 'confirming' ? (
        <p className="fd-pay-status" role="status">
          <span className="fd-button-spinner" aria-hidden="true" /> Waiting for the payment to be confirmed…
        </p>
      ) : (
        <div className="fd-pay-buttons">
          <button
            type="button"
            className="fd-button"
            data-variant="secondary"
            disabled={busy}
            onClick={decline}
          >
            Decline
          </button>
          <button
            type="button"
            className="fd-button"
            disabled={busy || !onChain || short || balance.data === undefined || fee.isError}
            aria-busy={step === 'paying'}
            onClick={() => void pay()}
            data-autofocus
          >
            {step === 'paying' ? (
              <>
                <span className="fd-button-spinner" aria-hidden="true" /> Paying…
              </>
            ) : (
              `Pay ${payment.amount} ${asset.symbol}`
            )}
          </button>
        </div>
      )}
    </div>
  )
}

/** The payment is mined: the page has its hash; Done closes the modal. */
function Paid({ payment, hash }: { payment: Payment.Payment; hash: string }) {
  const controller = useController()
  const root = useAutofocus<HTMLDivElement>('paid')
  return (
    <div ref={root} className="fd-pay">
      <div className="fd-pay-summary" role="status">
        <svg viewBox="0 0 24 24" aria-hidden="true" className="fd-pay-check">
          <path d="M5 12.5l4.5 4.5L19 7.5" />
        </svg>
        <p className="fd-pay-amount">Payment sent</p>
        <p className="fd-muted">
          {payment.amount} {payment.asset.symbol} to {Format.truncateAddress(payment.recipient)} on{' '}
          {payment.network}
        </p>
        <p className="fd-muted fd-pay-hash" title={hash}>
          {Format.truncateAddress(hash)}
        </p>
      </div>
      <button
        type="button"
        className="fd-button"
        onClick={() => {
          flow.set(INITIAL)
          controller.requestClose()
        }}
        data-autofocus
      >
        Done
      </button>
    </div>
  )
}
