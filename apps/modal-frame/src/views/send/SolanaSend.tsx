import * as SolanaTransaction from '@frontdoor/protocol/solana-transaction'
import * as SolanaTransfer from '@frontdoor/protocol/solana-transfer'
import type * as SolanaWallet from '@frontdoor/protocol/solana-wallet'
import type * as Token from '@frontdoor/schemas/entities/token'
import * as BalancesView from '@frontdoor/schemas/presentation/balances'
import * as Format from '@frontdoor/schemas/presentation/format'
import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { formatUnits } from 'viem/utils'
import * as ActiveChain from '../../account/ActiveChain.js'
import { useQueries } from '../../account/Context.js'
import * as SolanaAvatar from '../../account/SolanaAvatar.js'
import * as SolanaRpc from '../../account/SolanaRpc.js'
import * as Usd from '../../account/Usd.js'
import { useController } from '../../controller/context.js'
import { useStore } from '../../store/useStore.js'
import * as Toast from '../../ui/Toast.js'
import { useAutofocus } from '../../ui/useAutofocus.js'
import * as SendFields from './SendFields.js'
import * as SendPreview from './SendPreview.js'
import * as SendStore from './SendStore.js'
import * as SolanaSendForm from './SolanaSendForm.js'
import { TokenPicker } from './TokenPicker.js'
import '../../ui/account.css'
import '../../ui/field.css'
import './send.css'

/**
 * Send on solana (a chunk of its own): SOL or an SPL token of the balance API's list, an amount and a
 * Solana address; the preview reads the cluster (blockhash, the receiver and its token account, the
 * fee and rent) and shows the cost; Send builds the transaction (protocol's solana-transfer) and asks
 * the wallet to `solana_signAndSendTransaction` (the embedded wallet's approval screen), waits for the
 * cluster to confirm it, then goes back to Account with the balances read again.
 */

/** The most time the view waits for the cluster to confirm a sent transaction. */
const CONFIRM_TIMEOUT_MS = 60_000
/** A transaction sent but not confirmed in time. */
const NOT_CONFIRMED = 'The transaction was sent but is not confirmed yet'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The transaction of a send and what it costs, read from the cluster. */
type Prepared = {
  transaction: Uint8Array
  costs: SolanaSendForm.Costs
  createsTokenAccount: boolean
}

/** Reads the cluster and builds the transaction of `amount` of `token` (SOL when undefined). */
async function prepare(
  rpc: SolanaRpc.SolanaRpc,
  from: string,
  to: string,
  token: Token.TokenBalance | undefined,
  amount: bigint,
): Promise<Prepared> {
  const mint = SolanaSendForm.mintOf(token)
  const [recentBlockhash, receiver, rentMinimum] = await Promise.all([
    rpc.latestBlockhash(),
    rpc.account(to),
    rpc.rentExemption(0),
  ])
  let spl: SolanaTransfer.Transfer['token']
  let receiverHasTokenAccount = true
  let tokenAccountRent = 0n
  if (mint && token) {
    const receiverProblem = SolanaSendForm.checkReceiver(receiver)
    if (receiverProblem) throw new Error(receiverProblem)
    const program = SolanaSendForm.tokenProgramOf(await rpc.account(mint))
    spl = { mint, decimals: Number(token.quantity.decimals), program }
    const account = await SolanaTransfer.associatedTokenAddress(to, mint, program)
    receiverHasTokenAccount = (await rpc.account(account)) !== null
    if (!receiverHasTokenAccount)
      tokenAccountRent = await rpc.rentExemption(SolanaTransfer.tokenAccountSize(program))
  }
  const { transaction, message } = await SolanaTransfer.build({
    from,
    to,
    amount,
    recentBlockhash,
    ...(spl ? { token: spl, receiverHasTokenAccount } : {}),
  })
  const fee = await rpc.feeForMessage(SolanaTransaction.toBase64(message))
  return {
    transaction,
    createsTokenAccount: !receiverHasTokenAccount,
    costs: { fee, tokenAccountRent, rentMinimum, receiverLamports: BigInt(receiver?.lamports ?? 0) },
  }
}

export default function SolanaSend({ account }: { account: SolanaWallet.Account }) {
  const controller = useController()
  const send = useStore(SendStore.frame)
  const queries = useQueries()
  const network = ActiveChain.SOLANA_NETWORK
  const chain = network.caipNetworkId
  const { apiUrl, projectId } = controller.env
  const context = { apiUrl, projectId: projectId ?? '' }
  const balances = useQuery(queries.solanaBalance(context, account.address, chain))
  const [picking, setPicking] = useState(false)
  const [phase, setPhase] = useState<'idle' | 'approving' | 'confirming'>('idle')
  const root = useAutofocus<HTMLDivElement>(picking ? 'picking' : send.step)
  const ids = { amount: useId(), receiver: useId(), error: useId() }
  const tokens = BalancesView.filterZeroDecimals(balances.data ?? [])
  const sol = tokens.find((t) => !t.address)
  // A token of another chain (an EVM send left unfinished) is not this one's.
  const picked = send.token?.chainId === chain ? send.token : undefined
  const token = picked ? (tokens.find((t) => t.address === picked.address) ?? picked) : sol
  const receiverAddress = send.receiver.trim() || undefined
  const draft: SolanaSendForm.Draft = { token, amount: send.amount, receiverAddress, sol }
  const problem = SolanaSendForm.validate(draft)
  const units = problem === undefined ? SolanaSendForm.units(draft) : undefined
  const rpc = SolanaRpc.create(context, chain)
  const prepared = useQuery({
    queryKey: ['solanaSend', chain, account.address, receiverAddress, token?.address ?? 'SOL', String(units)],
    queryFn: () => prepare(rpc, account.address, receiverAddress!, token, units!),
    enabled: send.step === 'preview' && units !== undefined,
    staleTime: 15_000,
    retry: false,
  })
  const costProblem =
    prepared.data && units !== undefined
      ? SolanaSendForm.checkCosts(draft, units, prepared.data.costs)
      : undefined
  const update = SendStore.frame.update
  const symbol = token?.symbol ?? 'SOL'
  // Spec section 5: no USD figure on a testnet (the local cluster is one: Usd.ts).
  const amountUsd = Usd.figure(token ? Number(send.amount || 0) * token.price : 0, network)

  const preview = (event: FormEvent) => {
    event.preventDefault()
    if (problem) return update({ error: problem })
    update({ error: undefined, step: 'preview' })
  }

  const confirm = async () => {
    if (units === undefined || !receiverAddress) return
    update({ loading: true, error: undefined })
    const { router } = controller
    // The approval screen pushed over this view comes back here when it is done (spec section 4).
    router.pushTransaction('Send')
    let signature: string
    try {
      setPhase('approving')
      // A fresh blockhash for the transaction the wallet signs.
      const ready = await prepare(rpc, account.address, receiverAddress, token, units)
      const costly = SolanaSendForm.checkCosts(draft, units, ready.costs)
      if (costly) throw new Error(costly)
      const answer = (await controller.connection.request('solana_signAndSendTransaction', {
        transaction: SolanaTransaction.toBase64(ready.transaction),
        pubkey: account.address,
        chain,
      })) as { signature?: unknown } | null
      if (typeof answer?.signature !== 'string') throw new Error('The wallet returned no signature')
      signature = answer.signature
    } catch (error) {
      router.popTransaction()
      if (router.get().history.at(-1)?.view === 'Send') router.goBack()
      setPhase('idle')
      update({ loading: false, error: SendPreview.messageOf(error) })
      return
    }
    router.popTransaction()
    if (router.get().history.at(-1)?.view === 'Send') router.goBack()
    setPhase('confirming')
    let outcome: Awaited<ReturnType<SolanaRpc.SolanaRpc['status']>> = 'pending'
    for (const deadline = Date.now() + CONFIRM_TIMEOUT_MS; outcome === 'pending' && Date.now() < deadline; ) {
      outcome = await rpc.status(signature).catch(() => 'pending' as const)
      if (outcome === 'pending') await sleep(500)
    }
    setPhase('idle')
    const tokenIds = [token?.address ?? `${chain}:${SolanaTransaction.PROGRAMS.system}`]
    void queries.refreshSolana(account.address, chain, tokenIds)
    if (outcome !== 'confirmed') {
      update({ loading: false, error: outcome === 'pending' ? NOT_CONFIRMED : outcome.error })
      return
    }
    // Spec section 4: everything reset after success, back to Account.
    SendStore.frame.reset()
    router.reset('Account')
    Toast.frame.show('Transaction sent', 'success')
  }

  if (picking)
    return (
      <div ref={root}>
        <TokenPicker
          tokens={tokens}
          loading={balances.isPending}
          apiUrl={apiUrl}
          network={network}
          onPicked={() => setPicking(false)}
        />
      </div>
    )

  if (send.step === 'preview' && units !== undefined && receiverAddress) {
    const costs = prepared.data?.costs
    const error = send.error ?? costProblem
    return (
      <div ref={root}>
        <div className="fd-send" data-namespace="solana">
          <SendPreview.Summary
            apiUrl={apiUrl}
            iconUrl={token?.iconUrl}
            symbol={symbol}
            amount={SolanaSendForm.amountText(draft, units)}
            usd={amountUsd}
          />
          <dl className="fd-details">
            <SendPreview.Detail term="To">
              <SendPreview.Receiver address={receiverAddress} seed={SolanaAvatar.seed(receiverAddress)} />
            </SendPreview.Detail>
            <SendPreview.Detail term="Network">{network.name}</SendPreview.Detail>
            <SendPreview.Fee
              estimate={prepared}
              text={() => `${Format.formatFee(formatUnits(costs!.fee, 9))} SOL`}
            />
            {prepared.data?.createsTokenAccount ? (
              <SendPreview.Detail term="New token account">
                {formatUnits(costs!.tokenAccountRent, 9)} SOL
              </SendPreview.Detail>
            ) : null}
          </dl>
          {phase !== 'idle' ? (
            <p className="fd-muted" role="status">
              {phase === 'approving' ? 'Waiting for your approval…' : 'Confirming on the network…'}
            </p>
          ) : null}
          <SendPreview.ErrorText error={error} />
          <SendPreview.Buttons
            ready={prepared.isSuccess && costProblem === undefined}
            onSend={() => void confirm()}
          />
        </div>
      </div>
    )
  }

  return (
    <div ref={root}>
      <form className="fd-send" onSubmit={preview} noValidate data-namespace="solana">
        <SendFields.TokenSelect
          apiUrl={apiUrl}
          token={{ iconUrl: token?.iconUrl, symbol, balance: token?.quantity.numeric ?? '0' }}
          onClick={() => setPicking(true)}
        />
        <SendFields.Amount
          id={ids.amount}
          errorId={send.error ? ids.error : undefined}
          value={send.amount}
          symbol={symbol}
          usd={amountUsd}
          onChange={(amount) => update({ amount, error: undefined })}
          onMax={() => update({ amount: SolanaSendForm.maxAmount(token, sol), error: undefined })}
        />
        <SendFields.Receiver
          id={ids.receiver}
          value={send.receiver}
          placeholder="Solana address"
          onChange={(value) => update({ receiver: value, error: undefined })}
        />

        <SendPreview.ErrorText id={ids.error} error={send.error} />
        <button type="submit" className="fd-button">
          Preview send
        </button>
      </form>
    </div>
  )
}
