import { EVENT } from '@frontdoor/schemas/api/analytics'
import * as OnrampRule from '@frontdoor/schemas/api/onramp-rules'
import * as Constants from '@frontdoor/schemas/constants'
import * as ConvertRule from '@frontdoor/schemas/convert-rules'
import * as Errors from '@frontdoor/schemas/errors'
import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useEffect, useId, useRef } from 'react'
import { AccountRoot, useQueries, useScope } from '../../account/Context.js'
import * as Queries from '../../account/Queries.js'
import * as Track from '../../analytics/Track.js'
import { useController } from '../../controller/context.js'
import type * as Schemas from '../../router/Schemas.js'
import { useStore } from '../../store/useStore.js'
import { useAutofocus } from '../../ui/useAutofocus.js'
import * as BuyApi from './BuyApi.js'
import * as BuyForm from './BuyForm.js'
import * as BuyStore from './BuyStore.js'
import '../../ui/account.css'
import './buy.css'

/**
 * The Buy view (on-ramp): the provider, the amount and currencies, the quote with its fees, then the
 * provider's checkout in a 600 x 800 popup opened in the click, and the purchase followed until the
 * coins arrive (pending, completed, or failed). Opened with a preset (`{ amount, asset }`) by whoever
 * sends the visitor here.
 */
export default function Buy({ data }: { data: Schemas.BuyData }) {
  return (
    <AccountRoot>
      <Connected data={data} />
    </AccountRoot>
  )
}

function Connected({ data }: { data: Schemas.BuyData }) {
  const scope = useScope()
  return scope ? <BuyView scope={scope} preset={data} /> : null
}

/** What went wrong, for the view. */
function messageOf(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message
  return typeof message === 'string' && message ? message : Errors.FRAME.SOMETHING_WENT_WRONG
}

/** The checkout window of this frame (one at a time), kept to bring it forward and to close it. */
let popup: Window | null = null

/**
 * Opens the checkout window blank, in the click's task, and cuts its `window.opener` before it goes
 * to the provider's page (no reverse tabnabbing of the modal frame; the sandbox sends no COOP, so the
 * modal keeps its own handle to close it). Null when the popup was blocked.
 */
function openDisowned(name: string): Window | null {
  let opened: Window | null = null
  try {
    opened = window.open('about:blank', name, BuyForm.popupFeatures(window.screen))
  } catch {}
  if (opened) opened.opener = null
  return opened
}

function BuyView({ scope, preset }: { scope: Queries.Scope; preset: Schemas.BuyData }) {
  const controller = useController()
  const state = useStore(controller.state)
  const buy = useStore(BuyStore.frame)
  const queries = useQueries()
  const update = BuyStore.frame.update
  const network = Queries.caip2(scope.chainId)
  const ids = { amount: useId(), currency: useId(), error: useId(), quote: useId() }
  const root = useAutofocus<HTMLDivElement>(buy.step)

  // A preset (the Pay view's 'buy first', a page's open) fills the form once, before anything is typed.
  const presetApplied = useRef(false)
  useEffect(() => {
    if (presetApplied.current || !preset || buy.step !== 'form') return
    presetApplied.current = true
    update({
      ...(preset.amount ? { amount: preset.amount } : {}),
      ...(preset.asset ? { asset: preset.asset } : {}),
      ...(preset.currency ? { paymentCurrency: preset.currency } : {}),
    })
  }, [preset, buy.step, update])

  const providers = BuyForm.providers(state.features.onramp)
  const provider = buy.provider && providers.includes(buy.provider) ? buy.provider : providers[0]
  const options = useQuery({
    queryKey: ['onramp', 'options'],
    queryFn: () => BuyApi.options(scope.context),
    staleTime: 5 * 60_000,
  })
  const asset = BuyForm.assetOn(options.data, network, buy.asset)
  const problem = BuyForm.validate(buy.amount, buy.paymentMethod, buy.paymentCurrency)
  const amount = buy.amount.trim().replace(',', '.')
  const quote = useQuery({
    queryKey: [
      'onramp',
      'quote',
      provider,
      buy.paymentMethod,
      buy.paymentCurrency,
      asset?.id,
      network,
      amount,
    ],
    queryFn: () =>
      BuyApi.quote(scope.context, {
        provider: provider as string,
        paymentMethod: buy.paymentMethod,
        purchaseCurrency: asset?.id as string,
        paymentCurrency: buy.paymentCurrency,
        amount,
        network,
      }),
    enabled: buy.step === 'form' && !problem && Boolean(provider && asset),
    refetchInterval: BuyForm.QUOTE_REFRESH_MS,
    staleTime: 0,
    retry: false,
  })
  const order = buy.order
  const purchase = useQuery({
    queryKey: ['onramp', 'purchase', order?.id],
    queryFn: () =>
      BuyApi.purchase(scope.context, {
        address: order?.address as string,
        network: order?.network as string,
        provider: order?.provider as string,
        orderId: order?.id as string,
      }).then((found) => found ?? null),
    enabled: buy.step === 'checkout' && Boolean(order),
    refetchInterval: (query) => {
      const stage = BuyForm.stageOf(query.state.data ?? undefined)
      return stage === 'completed' || stage === 'failed' ? false : BuyForm.STATUS_POLL_MS
    },
    staleTime: 0,
  })
  const stage = BuyForm.stageOf(purchase.data ?? undefined)

  // Delivered: the balances and the history are read again; the checkout window closes itself (its
  // completed page: the disowned popup may not be closed from here in every browser), or here.
  useEffect(() => {
    if (stage !== 'completed') return
    void queries.refresh(scope, [ConvertRule.nativeId(network)])
    try {
      popup?.close()
    } catch {}
    popup = null
  }, [stage, queries, scope, network])

  /** Opens the checkout: the popup first, in the click's task (any await before it loses the click). */
  const checkout = (event: FormEvent) => {
    event.preventDefault()
    if (problem) return update({ error: problem })
    if (!provider || !asset) return update({ error: BuyForm.NETWORK_NOT_SUPPORTED })
    const quoted = quote.data
    if (!quoted) return update({ error: quote.isError ? messageOf(quote.error) : 'Waiting for a quote' })
    const opened = openDisowned(`fd-onramp-${quoted.quoteId}`)
    if (!opened) return update({ error: BuyForm.POPUP_BLOCKED })
    popup = opened
    update({ busy: true, error: undefined })
    BuyApi.checkoutUrl(scope.context, {
      quoteId: quoted.quoteId,
      address: scope.address,
      network,
      asset: asset.id,
    }).then(
      (link) => {
        opened.location.replace(link.url)
        // The checkout opened: the connector kind, the chain, the provider and the asset (no amount, no address).
        Track.outcome(
          EVENT.BUY_STARTED,
          { connectorId: controller.connection.get().connectorId, chainId: scope.chainId },
          { provider, asset: asset.id },
        )
        update({
          busy: false,
          step: 'checkout',
          order: {
            id: link.orderId ?? '',
            url: link.url,
            provider,
            network,
            address: scope.address,
            purchase: quoted.purchaseAmount,
            paid: quoted.paymentTotal,
          },
        })
      },
      (error: unknown) => {
        try {
          opened.close()
        } catch {}
        update({ busy: false, error: messageOf(error) })
      },
    )
  }

  /** Brings the checkout forward, or opens it again (in this click) when it was closed. */
  const reopen = () => {
    if (!order) return
    if (popup && !popup.closed) return popup.focus()
    popup = openDisowned(`fd-onramp-${order.id}`)
    if (!popup) return update({ error: BuyForm.POPUP_BLOCKED })
    popup.location.replace(order.url)
  }

  const again = () => {
    try {
      popup?.close()
    } catch {}
    popup = null
    update({ step: 'form', order: undefined, error: undefined })
  }

  if (options.isPending) return <div className="fd-spinner" role="status" aria-label="Loading" />
  if (options.isError)
    return (
      <div className="fd-buy">
        <p className="fd-error-text" role="alert">
          {messageOf(options.error)}
        </p>
        <button type="button" className="fd-button" onClick={() => void options.refetch()}>
          Try again
        </button>
      </div>
    )

  if (buy.step === 'checkout' && order) {
    const bought = `${order.purchase.amount} ${order.purchase.currency}`
    const name = OnrampRule.PROVIDERS[order.provider].name
    return (
      <div ref={root} className="fd-buy" data-stage={stage}>
        {stage === 'completed' ? (
          <>
            <h2 className="fd-buy-title" tabIndex={-1} data-autofocus>
              Purchase complete
            </h2>
            <p role="status" data-testid="buy-status">
              You bought {bought}. It is in your wallet.
            </p>
            <button
              type="button"
              className="fd-button"
              onClick={() => {
                BuyStore.frame.reset()
                controller.router.reset('Account')
              }}
            >
              Back to account
            </button>
          </>
        ) : stage === 'failed' ? (
          <>
            <h2 className="fd-buy-title">Payment failed</h2>
            <p className="fd-error-text" role="alert" data-testid="buy-status">
              {BuyForm.PAYMENT_FAILED}
            </p>
            <button type="button" className="fd-button" onClick={again} data-autofocus>
              Try again
            </button>
          </>
        ) : (
          <>
            <h2 className="fd-buy-title">
              {stage === 'delivering' ? 'Payment received' : `Pay with ${name}`}
            </h2>
            <p role="status" aria-live="polite" data-testid="buy-status">
              <span className="fd-button-spinner" aria-hidden="true" />{' '}
              {stage === 'delivering'
                ? `Sending ${bought} to your wallet…`
                : `Complete the payment of ${order.paid.amount} ${order.paid.currency} in the ${name} window.`}
            </p>
            {buy.error ? (
              <p className="fd-error-text" role="alert">
                {buy.error}
              </p>
            ) : null}
            {stage === 'payment' ? (
              <div className="fd-buy-buttons">
                <button type="button" className="fd-button" data-variant="secondary" onClick={again}>
                  Cancel
                </button>
                <button type="button" className="fd-button" onClick={reopen} data-autofocus>
                  Open checkout
                </button>
              </div>
            ) : null}
          </>
        )}
      </div>
    )
  }

  const limits = BuyForm.limits(options.data, buy.paymentMethod, buy.paymentCurrency)
  const currencies = options.data.paymentCurrencies.map((c) => c.id)
  return (
    <div ref={root}>
      <form className="fd-buy" onSubmit={checkout} noValidate>
        {providers.length > 1 ? (
          <fieldset className="fd-buy-group">
            <legend>Provider</legend>
            {providers.map((id) => (
              <label key={id} className="fd-buy-choice">
                <input
                  type="radio"
                  name="provider"
                  value={id}
                  checked={id === provider}
                  onChange={() => update({ provider: id, error: undefined })}
                />
                <span>{BuyForm.providerLabel(id)}</span>
              </label>
            ))}
          </fieldset>
        ) : null}

        <fieldset className="fd-buy-group">
          <legend>Pay with</legend>
          {OnrampRule.PAYMENT_METHODS.map((method) => (
            <label key={method} className="fd-buy-choice">
              <input
                type="radio"
                name="paymentMethod"
                value={method}
                checked={method === buy.paymentMethod}
                onChange={() => update({ paymentMethod: method, error: undefined })}
              />
              <span>{OnrampRule.PAYMENT_METHOD_NAMES[method]}</span>
            </label>
          ))}
        </fieldset>

        <div className="fd-buy-amount">
          <label htmlFor={ids.amount}>Amount</label>
          <div className="fd-buy-input">
            <input
              id={ids.amount}
              inputMode="decimal"
              autoComplete="off"
              placeholder="0"
              value={buy.amount}
              aria-describedby={`${ids.error} ${ids.quote}`}
              aria-invalid={buy.error ? true : undefined}
              onChange={(event) => update({ amount: event.target.value, error: undefined })}
              data-autofocus
            />
            <label htmlFor={ids.currency} className="fd-visually-hidden">
              Currency
            </label>
            <select
              id={ids.currency}
              value={buy.paymentCurrency}
              onChange={(event) => update({ paymentCurrency: event.target.value, error: undefined })}
            >
              {currencies.map((id) => (
                <option key={id} value={id}>
                  {id}
                </option>
              ))}
            </select>
          </div>
          <span className="fd-row-sub">
            {OnrampRule.PAYMENT_METHOD_NAMES[buy.paymentMethod]}: {limits.min} to {limits.max}{' '}
            {buy.paymentCurrency}
          </span>
        </div>

        <output id={ids.quote} className="fd-buy-quote" aria-live="polite">
          {!asset ? (
            <span className="fd-error-text">{BuyForm.NETWORK_NOT_SUPPORTED}</span>
          ) : quote.data && !problem ? (
            <dl className="fd-buy-details">
              <div>
                <dt>You get</dt>
                <dd data-testid="buy-quote">
                  {quote.data.purchaseAmount.amount} {quote.data.purchaseAmount.currency}
                </dd>
              </div>
              {quote.data.providerFee ? (
                <div>
                  <dt>{provider ? OnrampRule.PROVIDERS[provider].name : ''} fee</dt>
                  <dd>
                    {quote.data.providerFee.amount} {quote.data.providerFee.currency}
                  </dd>
                </div>
              ) : null}
              <div>
                <dt>Network fee</dt>
                <dd>
                  {quote.data.networkFee.amount} {quote.data.networkFee.currency}
                </dd>
              </div>
              <div>
                <dt>Total</dt>
                <dd>
                  {quote.data.paymentTotal.amount} {quote.data.paymentTotal.currency}
                </dd>
              </div>
            </dl>
          ) : quote.isFetching ? (
            <span className="fd-muted">Getting a quote…</span>
          ) : quote.isError && !problem ? (
            <span className="fd-error-text">{messageOf(quote.error)}</span>
          ) : (
            <span className="fd-muted">
              Buy {asset.symbol} on this network with {Constants.ONRAMP_FALLBACK_CURRENCIES.join(' or ')}.
            </span>
          )}
        </output>

        <p id={ids.error} className="fd-error-text" role="alert">
          {buy.error ?? ''}
        </p>
        <button type="submit" className="fd-button" disabled={buy.busy} aria-busy={buy.busy}>
          {buy.busy ? (
            <>
              <span className="fd-button-spinner" aria-hidden="true" /> Opening checkout…
            </>
          ) : (
            `Buy ${asset?.symbol ?? ''}`.trim()
          )}
        </button>
      </form>
    </div>
  )
}
