import { EVENT } from '@frontdoor/schemas/api/analytics'
import * as Constants from '@frontdoor/schemas/constants'
import * as ConvertRule from '@frontdoor/schemas/convert-rules'
import * as Errors from '@frontdoor/schemas/errors'
import * as Format from '@frontdoor/schemas/presentation/format'
import { useQuery } from '@tanstack/react-query'
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react'
import { formatUnits, toHex } from 'viem/utils'
import { AccountRoot, useQueries, useScope } from '../../account/Context.js'
import * as Heads from '../../account/Heads.js'
import * as Queries from '../../account/Queries.js'
import * as Settle from '../../account/Settle.js'
import * as Units from '../../account/Units.js'
import * as Usd from '../../account/Usd.js'
import * as Track from '../../analytics/Track.js'
import * as Chain from '../../chain/Chain.js'
import { useController } from '../../controller/context.js'
import { useStore } from '../../store/useStore.js'
import { Icon } from '../../ui/Avatar.js'
import * as NotServed from '../../ui/NotServed.js'
import * as Toast from '../../ui/Toast.js'
import { useAutofocus } from '../../ui/useAutofocus.js'
import * as SwapApi from './SwapApi.js'
import * as SwapForm from './SwapForm.js'
import * as SwapStore from './SwapStore.js'
import '../../ui/account.css'
import './swap.css'

/**
 * The Swap view: the tokens to pay and receive (with balances and search), the amount (with Max), the
 * quote from the devnet's pools refreshed while open (rate, price impact, pool fee, minimum received),
 * a preview with the approval step when the router's allowance is short, then the swap through the
 * connected wallet, back to Account.
 */
export default function Swap() {
  return (
    <AccountRoot>
      <Connected />
    </AccountRoot>
  )
}

function Connected() {
  const scope = useScope()
  return scope ? (
    <NotServed.Gate chainId={scope.chainId}>
      <SwapView scope={scope} />
    </NotServed.Gate>
  ) : null
}

/** What a wallet's, node's or the API's error says, for the view. */
function messageOf(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message
  return typeof message === 'string' && message ? message : Errors.FRAME.SOMETHING_WENT_WRONG
}

/** A transaction built by the API, as the wallet's eth_sendTransaction takes it. */
type Built = { from: string; to: string; data: string; value: string; gas: string }

function SwapView({ scope }: { scope: Queries.Scope }) {
  const controller = useController()
  const { host } = useStore(controller.state)
  const swap = useStore(SwapStore.frame)
  const queries = useQueries()
  const update = SwapStore.frame.update
  const chainId = Queries.caip2(scope.chainId)
  const ids = { amount: useId(), error: useId(), details: useId() }
  const root = useAutofocus<HTMLDivElement>(swap.picking ?? swap.step)

  const list = useQuery({
    queryKey: ['convert', 'tokens', chainId],
    queryFn: () => SwapApi.tokens(scope.context, chainId),
    staleTime: 5 * 60_000,
  })
  const balances = useQuery(queries.balance(scope))
  Heads.useFreshBalances(scope)
  const gas = useQuery({
    queryKey: ['convert', 'gas-price', chainId],
    queryFn: () => SwapApi.gasPrice(scope.context, chainId),
    staleTime: 15_000,
    enabled: list.isSuccess,
  })
  const holdings = SwapForm.holdings(list.data?.tokens ?? [], balances.data ?? [])
  const find = (id: string | undefined) =>
    id ? holdings.find((token) => SwapForm.keyOf(token.address) === SwapForm.keyOf(id)) : undefined
  // By default: the native coin to the first other token.
  const from =
    find(swap.from) ?? (swap.from ? undefined : holdings.find((t) => ConvertRule.isNative(t.address)))
  const to = find(swap.to) ?? (swap.to ? undefined : holdings.find((t) => from && t.address !== from.address))
  const problem = SwapForm.validate(from, to, swap.amount)
  const units = from ? Units.parse(swap.amount, from.decimals) : undefined
  const quotable = from && to && units !== undefined && units > 0n && problem !== SwapForm.SAME_TOKEN

  const quote = useQuery({
    queryKey: ['convert', 'quote', from?.address, to?.address, units?.toString()],
    queryFn: () =>
      SwapApi.quote(scope.context, {
        from: from!.address,
        to: to!.address,
        amount: units!,
        userAddress: scope.address,
      }).then((answer) => answer.quotes[0]),
    enabled: Boolean(quotable) && swap.busy === undefined,
    // Refreshed while the view is open (the pools move with every trade).
    refetchInterval: SwapForm.QUOTE_REFRESH_MS,
    staleTime: 0,
    retry: false,
  })
  const native = from ? ConvertRule.isNative(from.address) : true
  const allowance = useQuery({
    queryKey: ['convert', 'allowance', from?.address, scope.address.toLowerCase()],
    queryFn: () => SwapApi.allowance(scope.context, from!.address, scope.address),
    enabled: swap.step === 'preview' && !native && Boolean(from),
    staleTime: 0,
    retry: false,
  })
  const needsApproval = !native && units !== undefined && !SwapForm.approved(allowance.data?.allowance, units)
  const built = useQuery({
    queryKey: ['convert', 'build', from?.address, to?.address, units?.toString(), scope.address],
    queryFn: () =>
      SwapApi.buildTransaction(scope.context, {
        from: from!.address,
        to: to!.address,
        amount: units!,
        userAddress: scope.address,
      }),
    enabled:
      swap.step === 'preview' &&
      problem === undefined &&
      swap.busy === undefined &&
      (native || allowance.isSuccess) &&
      !needsApproval,
    refetchInterval: SwapForm.QUOTE_REFRESH_MS,
    staleTime: 0,
    retry: false,
  })

  const received = quote.data && to ? formatUnits(BigInt(quote.data.toAmount), to.decimals) : ''
  const minimum =
    quote.data && to ? formatUnits(ConvertRule.minimumOut(BigInt(quote.data.toAmount)), to.decimals) : ''
  const rate = quote.data && from && to ? SwapForm.rate(quote.data, from.decimals, to.decimals) : 0
  const quoteError = quote.isError ? messageOf(quote.error) : undefined
  const nativeHolding = holdings.find((t) => ConvertRule.isNative(t.address))
  // The fee is paid in the chain's native coin: its decimals as the page declared the network, else
  // as the convert list has it.
  const network = host?.info.networks.find((n) => n.caipNetworkId === chainId)
  const nativeCurrency = network?.nativeCurrency
  const nativeDecimals = nativeCurrency?.decimals ?? nativeHolding?.decimals
  const fee =
    built.data && nativeDecimals !== undefined
      ? formatUnits(BigInt(built.data.tx.eip155.gas) * BigInt(built.data.tx.eip155.gasPrice), nativeDecimals)
      : undefined
  // Spec section 5: no USD figure on a testnet (Usd.ts); elsewhere the price of the balances.
  const payUsd = Usd.figure(Number(swap.amount || 0) * (from?.price ?? 0), network)

  /** Sends one transaction through the connected wallet (the embedded one shows its approval over this view). */
  const sendTransaction = async (tx: Built): Promise<`0x${string}`> => {
    const { router } = controller
    // This view's pending transaction: a wallet view pushed over it comes back here when done.
    router.pushTransaction('Swap')
    try {
      const hash = await controller.connection.request('eth_sendTransaction', [
        {
          from: tx.from,
          to: tx.to,
          data: tx.data,
          value: toHex(BigInt(tx.value)),
          gas: toHex(BigInt(tx.gas)),
        },
      ])
      if (typeof hash !== 'string' || !hash.startsWith('0x'))
        throw new Error('The wallet returned no transaction hash')
      return hash as `0x${string}`
    } finally {
      router.popTransaction()
      if (router.get().history.at(-1)?.view === 'Swap') router.goBack()
    }
  }

  /** Where a swap runs, for its analytics events. */
  const where = () => ({ connectorId: controller.connection.get().connectorId, chainId: scope.chainId })

  const approve = async () => {
    if (!from || !to || units === undefined) return
    update({ busy: 'approving', error: undefined })
    try {
      const { tx } = await SwapApi.buildApprove(scope.context, {
        from: from.address,
        to: to.address,
        amount: units,
        userAddress: scope.address,
      })
      const hash = await sendTransaction({ ...tx, gas: tx.eip155.gas })
      const receipt = await Chain.client(scope.context, scope.chainId).waitForTransactionReceipt({
        hash,
        pollingInterval: 500,
      })
      if (receipt.status !== 'success') throw new Error('The approval failed on chain')
      await allowance.refetch()
      update({ busy: undefined })
    } catch (error) {
      Track.outcome(EVENT.SWAP_ERROR, where(), { from: from.symbol, to: to.symbol, step: 'approve' }, error)
      update({ busy: undefined, error: messageOf(error) })
    }
  }

  const execute = async () => {
    if (!from || !to || units === undefined || !quote.data) return
    // What the preview shows: the swap sent must take no less than this minimum received.
    const shown = { amountIn: units, minimumOut: ConvertRule.minimumOut(BigInt(quote.data.toAmount)) }
    update({ busy: 'swapping', error: undefined })
    let hash: `0x${string}`
    try {
      const fresh = await built.refetch()
      if (!fresh.data) throw fresh.error ?? new Error(Errors.FRAME.SOMETHING_WENT_WRONG)
      const { tx } = fresh.data
      if (!SwapForm.keepsTo(tx, shown)) {
        // The pools moved since the preview: nothing goes out; the preview shows the new figures.
        await quote.refetch()
        update({ busy: undefined, error: SwapForm.PRICE_CHANGED })
        return
      }
      hash = await sendTransaction({ ...tx, value: tx.amount, gas: tx.eip155.gas })
    } catch (error) {
      Track.outcome(EVENT.SWAP_ERROR, where(), { from: from.symbol, to: to.symbol, step: 'swap' }, error)
      update({ busy: undefined, error: messageOf(error) })
      return
    }
    Track.outcome(EVENT.SWAP_SUCCESS, where(), { from: from.symbol, to: to.symbol })
    const tokens = [from.address, to.address]
    SwapStore.frame.reset()
    controller.router.reset('Account')
    Toast.frame.show(
      `Swapping ${Format.formatAmount(swap.amount)} ${from.symbol} for ${to.symbol}`,
      'success',
    )
    void Settle.settle({ queries, scope, hash, tokens, timeoutMs: 60_000 })
  }

  const max = () => {
    if (!from) return update({ error: SwapForm.PICK_TOKENS })
    update({
      amount: SwapForm.maxAmount(from, gas.data ? BigInt(gas.data.fast) : undefined),
      error: undefined,
    })
  }

  const review = (event: FormEvent) => {
    event.preventDefault()
    if (problem) return update({ error: problem })
    if (!quote.data) return update({ error: quoteError ?? 'Waiting for a quote' })
    update({ step: 'preview', error: undefined, from: from?.address, to: to?.address })
  }

  if (list.isPending) return <div className="fd-spinner" role="status" aria-label="Loading tokens" />
  if (list.isError)
    return (
      <div className="fd-swap">
        <p className="fd-error-text" role="alert">
          {messageOf(list.error)}
        </p>
        <button type="button" className="fd-button" onClick={() => void list.refetch()}>
          Try again
        </button>
      </div>
    )

  if (swap.picking) {
    const side = swap.picking
    return (
      <div ref={root}>
        <TokenPicker
          label={side === 'from' ? 'Select token to pay' : 'Select token to receive'}
          tokens={holdings}
          apiUrl={scope.context.apiUrl}
          network={network}
          onPick={(token) =>
            update({
              picking: undefined,
              error: undefined,
              ...(side === 'from'
                ? {
                    from: token.address,
                    ...(to && token.address === to.address ? { to: from?.address } : {}),
                  }
                : {
                    to: token.address,
                    ...(from && token.address === from.address ? { from: to?.address } : {}),
                  }),
            })
          }
          onCancel={() => update({ picking: undefined })}
        />
      </div>
    )
  }

  const details = (
    <dl className="fd-details" id={ids.details} aria-live="polite">
      <div>
        <dt>Rate</dt>
        <dd>{rate && from && to ? `1 ${from.symbol} = ${Format.formatAmount(rate)} ${to.symbol}` : '—'}</dd>
      </div>
      <div>
        <dt>Price impact</dt>
        <dd>{quote.data?.priceImpact !== undefined ? SwapForm.percent(quote.data.priceImpact) : '—'}</dd>
      </div>
      <div>
        <dt>Pool fee</dt>
        <dd>{quote.data?.feePercent !== undefined ? SwapForm.percent(quote.data.feePercent) : '—'}</dd>
      </div>
      <div>
        <dt>Minimum received</dt>
        <dd>{minimum && to ? `${Format.formatAmount(minimum)} ${to.symbol}` : '—'}</dd>
      </div>
      <div>
        <dt>Slippage tolerance</dt>
        <dd>{Constants.SWAP_SLIPPAGE_TOLERANCE_PERCENT}%</dd>
      </div>
    </dl>
  )

  if (swap.step === 'preview' && from && to) {
    const busy = swap.busy !== undefined
    return (
      <div ref={root}>
        <div className="fd-swap" data-step="preview">
          <div className="fd-swap-summary">
            <p>
              <span className="fd-muted">You pay</span>
              <strong data-testid="swap-pay">
                {Format.formatAmount(swap.amount)} {from.symbol}
              </strong>
            </p>
            <p>
              <span className="fd-muted">You receive about</span>
              <strong data-testid="swap-receive">
                {received ? `${Format.formatAmount(received)} ${to.symbol}` : '…'}
              </strong>
            </p>
          </div>
          {details}
          <dl className="fd-details">
            <div>
              <dt>Network fee</dt>
              <dd aria-live="polite">
                {needsApproval
                  ? 'After the approval'
                  : built.isError
                    ? messageOf(built.error)
                    : fee
                      ? Usd.fee(
                          fee,
                          nativeCurrency?.symbol ?? nativeHolding?.symbol ?? 'ETH',
                          nativeHolding?.price ?? 0,
                          network,
                        )
                      : 'Estimating…'}
              </dd>
            </div>
          </dl>
          {needsApproval && allowance.isSuccess ? (
            <p className="fd-muted fd-swap-note" role="status">
              Allow the swap to use your {from.symbol} first: an approval of{' '}
              {Format.formatAmount(swap.amount)} {from.symbol}, then the swap.
            </p>
          ) : null}
          {swap.error ? (
            <p className="fd-error-text fd-swap-error" role="alert">
              {swap.error}
            </p>
          ) : null}
          <div className="fd-swap-buttons">
            <button
              type="button"
              className="fd-button"
              data-variant="secondary"
              disabled={busy}
              onClick={() => update({ step: 'form', error: undefined })}
            >
              Edit
            </button>
            {needsApproval ? (
              <button
                type="button"
                className="fd-button"
                disabled={busy || !allowance.isSuccess}
                aria-busy={swap.busy === 'approving'}
                onClick={() => void approve()}
                data-autofocus
              >
                {swap.busy === 'approving' ? (
                  <>
                    <span className="fd-button-spinner" aria-hidden="true" /> Approving…
                  </>
                ) : allowance.isPending ? (
                  'Checking allowance…'
                ) : (
                  `Approve ${from.symbol}`
                )}
              </button>
            ) : (
              <button
                type="button"
                className="fd-button"
                disabled={busy || !built.isSuccess}
                aria-busy={swap.busy === 'swapping'}
                onClick={() => void execute()}
                data-autofocus
              >
                {swap.busy === 'swapping' ? (
                  <>
                    <span className="fd-button-spinner" aria-hidden="true" /> Swapping…
                  </>
                ) : (
                  'Swap'
                )}
              </button>
            )}
          </div>
        </div>
      </div>
    )
  }

  return (
    <div ref={root}>
      <form className="fd-swap" onSubmit={review} noValidate>
        <fieldset className="fd-swap-side">
          <legend>You pay</legend>
          <TokenButton
            side="pay"
            token={from}
            apiUrl={scope.context.apiUrl}
            onClick={() => update({ picking: 'from', error: undefined })}
            autofocus
          />
          <div className="fd-input">
            <label htmlFor={ids.amount} className="fd-visually-hidden">
              Amount to pay
            </label>
            <input
              id={ids.amount}
              inputMode="decimal"
              autoComplete="off"
              placeholder="0"
              value={swap.amount}
              aria-describedby={swap.error ? ids.error : undefined}
              aria-invalid={swap.error ? true : undefined}
              onChange={(event) => update({ amount: event.target.value.replace(',', '.'), error: undefined })}
            />
            <span className="fd-input-suffix">{from?.symbol ?? ''}</span>
            <button type="button" className="fd-chip" onClick={max} aria-label="Max: use the whole balance">
              Max
            </button>
          </div>
          {payUsd ? <span className="fd-row-sub">{payUsd}</span> : null}
        </fieldset>

        <button
          type="button"
          className="fd-swap-flip"
          aria-label="Switch tokens"
          onClick={() => update({ from: to?.address, to: from?.address, error: undefined })}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M7 4v16M3 8l4-4 4 4M17 20V4M13 16l4 4 4-4" />
          </svg>
        </button>

        <fieldset className="fd-swap-side">
          <legend>You receive</legend>
          <TokenButton
            side="receive"
            token={to}
            apiUrl={scope.context.apiUrl}
            onClick={() => update({ picking: 'to', error: undefined })}
          />
          <output className="fd-swap-out" aria-live="polite" data-testid="swap-quote">
            {quote.isFetching && !quote.data ? (
              <span className="fd-muted">Getting a quote…</span>
            ) : quoteError ? (
              <span className="fd-error-text">{quoteError}</span>
            ) : received && to ? (
              `${Format.formatAmount(received)} ${to.symbol}`
            ) : (
              <span className="fd-muted">0</span>
            )}
          </output>
        </fieldset>

        {details}

        {swap.error ? (
          <p id={ids.error} className="fd-error-text fd-swap-error" role="alert">
            {swap.error}
          </p>
        ) : null}
        <button type="submit" className="fd-button" disabled={!quote.data}>
          Review swap
        </button>
      </form>
    </div>
  )
}

/** The button that shows a side's token and opens its list. */
function TokenButton({
  side,
  token,
  apiUrl,
  onClick,
  autofocus,
}: {
  side: 'pay' | 'receive'
  token: SwapForm.Holding | undefined
  apiUrl: string
  onClick: () => void
  autofocus?: boolean
}) {
  return (
    <button
      type="button"
      className="fd-token-select"
      onClick={onClick}
      aria-label={`Token to ${side}: ${token?.symbol ?? 'none'}, choose token`}
      {...(autofocus ? { 'data-autofocus': true } : {})}
    >
      {token ? (
        <>
          <Icon src={Usd.imageUrl(apiUrl, token.iconUrl)} label={token.symbol} size={32} />
          <span className="fd-row-main">
            <span className="fd-row-title">{token.symbol}</span>
            <span className="fd-row-sub">
              Balance: {Format.formatAmount(token.balance)} {token.symbol}
            </span>
          </span>
        </>
      ) : (
        <span className="fd-row-main">
          <span className="fd-row-title">Select token</span>
        </span>
      )}
      <svg viewBox="0 0 24 24" aria-hidden="true" className="fd-chevron">
        <path d="M9 6l6 6-6 6" />
      </svg>
    </button>
  )
}

/** The token list of one side: search by symbol, name or address; arrow keys move, Escape goes back. */
function TokenPicker({
  label,
  tokens,
  apiUrl,
  network,
  onPick,
  onCancel,
}: {
  label: string
  tokens: SwapForm.Holding[]
  apiUrl: string
  /** The swap's network: no USD values on a testnet. */
  network: Usd.Network
  onPick: (token: SwapForm.Holding) => void
  onCancel: () => void
}) {
  const [search, setSearch] = useState('')
  const searchId = useId()
  const shown = SwapForm.search(tokens, search)
  const move = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      onCancel()
      return
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
    const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('.fd-rows button')]
    if (buttons.length === 0) return
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement)
    const step = event.key === 'ArrowDown' ? 1 : -1
    const next = buttons[index === -1 ? 0 : (index + step + buttons.length) % buttons.length]
    event.preventDefault()
    next?.focus()
  }
  return (
    <fieldset className="fd-swap fd-swap-picker" onKeyDown={move}>
      <legend className="fd-placeholder-title">{label}</legend>
      <div className="fd-input">
        <label htmlFor={searchId} className="fd-visually-hidden">
          Search tokens
        </label>
        <input
          id={searchId}
          type="search"
          autoComplete="off"
          spellCheck={false}
          placeholder="Search name or address"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          data-autofocus
        />
      </div>
      {shown.length === 0 ? (
        <p className="fd-empty" role="status">
          No token matches.
        </p>
      ) : (
        <ul className="fd-rows" aria-label={label}>
          {shown.map((token) => {
            const usd = Usd.figure(token.value, network)
            return (
              <li key={token.address}>
                <button type="button" className="fd-row fd-row-button" onClick={() => onPick(token)}>
                  <Icon src={Usd.imageUrl(apiUrl, token.iconUrl)} label={token.symbol} />
                  <span className="fd-row-main">
                    <span className="fd-row-title">{token.name}</span>
                    <span className="fd-row-sub">
                      {Format.formatAmount(token.balance)} {token.symbol}
                    </span>
                  </span>
                  {usd ? <span className="fd-row-end">{usd}</span> : null}
                </button>
              </li>
            )
          })}
        </ul>
      )}
      <button type="button" className="fd-button" data-variant="secondary" onClick={onCancel}>
        Back to swap
      </button>
    </fieldset>
  )
}
