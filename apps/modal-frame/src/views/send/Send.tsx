import { EVENT } from '@frontdoor/schemas/api/analytics'
import type * as Token from '@frontdoor/schemas/entities/token'
import * as Errors from '@frontdoor/schemas/errors'
import * as BalancesView from '@frontdoor/schemas/presentation/balances'
import { useQuery } from '@tanstack/react-query'
import { type FormEvent, lazy, Suspense, useId, useState } from 'react'
import { formatUnits } from 'viem/utils'
import { useActiveSolana } from '../../account/ActiveChain.js'
import { AccountRoot, useQueries, useScope } from '../../account/Context.js'
import * as Fee from '../../account/Fee.js'
import * as Heads from '../../account/Heads.js'
import * as Pending from '../../account/Pending.js'
import * as Queries from '../../account/Queries.js'
import * as Settle from '../../account/Settle.js'
import * as Usd from '../../account/Usd.js'
import * as Track from '../../analytics/Track.js'
import { useController } from '../../controller/context.js'
import { useStore } from '../../store/useStore.js'
import * as NotServed from '../../ui/NotServed.js'
import * as Toast from '../../ui/Toast.js'
import { useAutofocus } from '../../ui/useAutofocus.js'
import { type Receiver, useReceiver } from './Receiver.js'
import * as SendFields from './SendFields.js'
import * as SendForm from './SendForm.js'
import * as SendPreview from './SendPreview.js'
import * as SendStore from './SendStore.js'
import { TokenPicker } from './TokenPicker.js'
import '../../ui/account.css'
import '../../ui/field.css'
import './send.css'

/** The Send view: token, amount and receiver, then a preview with the network fee, then the wallet. */
export default function Send() {
  return (
    <AccountRoot>
      <Connected />
    </AccountRoot>
  )
}

// Send on solana (the active chain family, SwitchActiveChain): a chunk of its own.
const SolanaSend = lazy(() => import('./SolanaSend.js'))

function Connected() {
  const scope = useScope()
  const solana = useActiveSolana()
  if (solana)
    return (
      <Suspense fallback={<div className="fd-spinner" role="status" aria-label="Loading" />}>
        <SolanaSend account={solana} />
      </Suspense>
    )
  return scope ? (
    <NotServed.Gate chainId={scope.chainId}>
      <SendView scope={scope} />
    </NotServed.Gate>
  ) : null
}

const same = (a: Token.TokenBalance, b: Token.TokenBalance) =>
  (a.address ?? '').toLowerCase() === (b.address ?? '').toLowerCase() && a.chainId === b.chainId

function SendView({ scope }: { scope: Queries.Scope }) {
  const controller = useController()
  const state = useStore(controller.state)
  const send = useStore(SendStore.frame)
  const queries = useQueries()
  const balances = useQuery(queries.balance(scope))
  Heads.useFreshBalances(scope)
  const receiver = useReceiver(scope.context, send.receiver)
  const [picking, setPicking] = useState(false)
  // Focus follows the steps: the token list, the form, the preview.
  const root = useAutofocus<HTMLDivElement>(picking ? 'picking' : send.step)
  const ids = { amount: useId(), receiver: useId(), error: useId() }
  const network = state.host?.info.networks.find((n) => n.caipNetworkId === Queries.caip2(scope.chainId))
  const tokens = BalancesView.filterZeroDecimals(balances.data ?? [])
  // The chosen token with its latest balance.
  const token = send.token ? (tokens.find((t) => same(t, send.token!)) ?? send.token) : undefined
  const native = tokens.find((t) => !t.address)
  const receiverAddress = receiver.status === 'ready' ? receiver.address : undefined
  const draft: SendForm.Draft = { token, amount: send.amount, receiverAddress }
  const problem = SendForm.validate(draft, network?.chainNamespace)
  const request =
    problem === undefined && token && receiverAddress
      ? SendForm.transaction(token, send.amount, scope.address, receiverAddress)
      : undefined
  const fee = useQuery({
    queryKey: ['fee', Queries.caip2(scope.chainId), request] as const,
    queryFn: () => Fee.estimate(scope.context, scope.chainId, request!),
    enabled: send.step === 'preview' && request !== undefined,
    staleTime: 15_000,
    retry: false,
  })

  const update = SendStore.frame.update
  // Spec section 5: no USD figure on a testnet (Usd.ts); elsewhere the price of the balances.
  const amountUsd = Usd.figure(token ? Number(send.amount || 0) * token.price : 0, network)

  const preview = (event: FormEvent) => {
    event.preventDefault()
    if (receiver.status === 'resolving') return
    const receiverError = receiver.status === 'error' ? receiver.message : undefined
    const shown = SendForm.previewProblem(draft, send.receiver, receiverError, network?.chainNamespace)
    if (shown) return update({ error: shown })
    update({ error: undefined, step: 'preview' })
  }

  const max = async () => {
    if (!token) return update({ error: Errors.SEND_TOKEN_REQUIRED })
    let nativeFee: bigint | undefined
    if (!token.address) {
      nativeFee = await queries.client
        .fetchQuery({
          queryKey: ['nativeTransferFee', Queries.caip2(scope.chainId)],
          queryFn: () => Fee.nativeTransferFee(scope.context, scope.chainId),
          staleTime: 15_000,
        })
        .catch(() => undefined)
    }
    update({ amount: SendForm.maxAmount(token, nativeFee), error: undefined })
  }

  const confirm = async () => {
    if (!request || !token || !receiverAddress) return
    update({ loading: true, error: undefined })
    const { router } = controller
    // The send is this view's pending transaction: a wallet view pushed over it (the embedded wallet's
    // approval) comes back here when it is done instead of closing the modal (spec section 4).
    router.pushTransaction('Send')
    let hash: unknown
    const where = { connectorId: controller.connection.get().connectorId, chainId: scope.chainId }
    try {
      hash = await controller.connection.request('eth_sendTransaction', [request])
      if (typeof hash !== 'string') throw new Error('The wallet returned no transaction hash')
    } catch (error) {
      Track.outcome(EVENT.SEND_ERROR, where, { token: token.symbol }, error)
      router.popTransaction()
      if (router.get().history.at(-1)?.view === 'Send') router.goBack()
      update({ loading: false, error: SendPreview.messageOf(error) })
      return
    }
    router.popTransaction()
    Track.outcome(EVENT.SEND_SUCCESS, where, { token: token.symbol })
    Pending.frame.add({
      hash,
      chain: Queries.caip2(scope.chainId),
      from: scope.address,
      to: receiverAddress,
      symbol: token.symbol,
      iconUrl: token.iconUrl,
      amount: send.amount,
      sentAt: Date.now(),
    })
    // Spec section 4: everything reset after success, back to Account.
    SendStore.frame.reset()
    router.reset('Account')
    Toast.frame.show('Transaction sent', 'success')
    void Settle.settle({ queries, scope, hash, tokens: [Queries.tokenId(token)], pending: Pending.frame })
  }

  if (picking)
    return (
      <div ref={root}>
        <TokenPicker
          tokens={tokens}
          loading={balances.isPending}
          apiUrl={scope.context.apiUrl}
          network={network}
          onPicked={() => setPicking(false)}
        />
      </div>
    )

  if (send.step === 'preview' && token && receiverAddress) {
    const nativeSymbol = network?.nativeCurrency.symbol ?? native?.symbol ?? 'ETH'
    const feeAmount = fee.data ? formatUnits(fee.data.fee, network?.nativeCurrency.decimals ?? 18) : '0'
    return (
      <div ref={root}>
        <div className="fd-send">
          <SendPreview.Summary
            apiUrl={scope.context.apiUrl}
            iconUrl={token.iconUrl}
            symbol={token.symbol}
            amount={send.amount}
            usd={amountUsd}
          />
          <dl className="fd-details">
            <SendPreview.Detail term="To">
              <ReceiverChip receiver={receiver} apiUrl={scope.context.apiUrl} />
            </SendPreview.Detail>
            <SendPreview.Detail term="Network">
              {network?.name ?? `Chain ${scope.chainId}`}
            </SendPreview.Detail>
            <SendPreview.Fee
              estimate={fee}
              text={() => Usd.fee(feeAmount, nativeSymbol, native?.price ?? 0, network)}
            />
          </dl>
          <SendPreview.ErrorText error={send.error} />
          <SendPreview.Buttons ready={!fee.isError} onSend={() => void confirm()} />
        </div>
      </div>
    )
  }

  return (
    <div ref={root}>
      <form className="fd-send" onSubmit={preview} noValidate>
        <SendFields.TokenSelect
          apiUrl={scope.context.apiUrl}
          token={token && { iconUrl: token.iconUrl, symbol: token.symbol, balance: token.quantity.numeric }}
          onClick={() => setPicking(true)}
        />
        <SendFields.Amount
          id={ids.amount}
          errorId={send.error ? ids.error : undefined}
          value={send.amount}
          symbol={token?.symbol ?? ''}
          usd={amountUsd}
          onChange={(amount) => update({ amount, error: undefined })}
          onMax={() => void max()}
        />
        <SendFields.Receiver
          id={ids.receiver}
          value={send.receiver}
          placeholder="Address or name"
          onChange={(value) => update({ receiver: value, error: undefined })}
        >
          {/* Said once: when Preview's alert names the receiver's problem, the line under it goes. */}
          {receiver.status === 'error' && send.error === receiver.message ? null : (
            <ReceiverChip receiver={receiver} apiUrl={scope.context.apiUrl} />
          )}
        </SendFields.Receiver>

        <SendPreview.ErrorText id={ids.error} error={send.error} />
        <button type="submit" className="fd-button" disabled={receiver.status === 'resolving'}>
          Preview send
        </button>
      </form>
    </div>
  )
}

/** The receiver as resolved: avatar, name and address; a name being looked up; or why it is not valid. */
function ReceiverChip({ receiver, apiUrl }: { receiver: Receiver; apiUrl: string }) {
  if (receiver.status === 'empty') return null
  if (receiver.status === 'resolving')
    return (
      <span className="fd-receiver" role="status">
        Resolving {receiver.name}…
      </span>
    )
  if (receiver.status === 'error')
    return <span className="fd-receiver fd-error-text">{receiver.message}</span>
  return (
    <SendPreview.Receiver
      address={receiver.address}
      seed={receiver.address}
      src={Usd.imageUrl(apiUrl, receiver.avatar)}
      name={receiver.name}
    />
  )
}
