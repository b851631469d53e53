import * as Calls from '@frontdoor/protocol/calls'
import * as SignRequest from '@frontdoor/protocol/sign-request'
import * as Tokens from '@frontdoor/protocol/tokens'
import * as z from 'zod/mini'
import type * as Approval from './Approval.js'
import * as Summary from './Summary.js'

/**
 * The approval screen's simulated changes: what a transaction will take out of the account and put in
 * (native coin, ERC-20 amounts in their decimals, NFTs) and the approvals it grants, from the API's
 * simulation against the chain's current state; for a `wallet_sendCalls` batch, the whole batch's (a
 * smart account's calls simulated together, each seeing what the ones before did; calls sent one by one
 * simulated alone, and said so); a warning when the simulation reverts, and a plain note
 * when it could not run (Approve stays usable). A list, each line saying in words whether it goes out or
 * comes in; the section is a polite live region, so the result is read out when it arrives.
 */

/** Texts of the section, defined once. */
const TEXT = {
  title: 'Simulated changes',
  permitTitle: 'What this signature grants',
  loading: 'Simulating…',
  none: 'No asset changes',
  reverted: 'This transaction is likely to fail',
  reason: (reason: string) => `Reason: ${reason}`,
  failed: 'The changes could not be simulated',
  out: 'You send',
  in: 'You receive',
  approves: 'You approve',
  unknownToken: 'tokens',
  independent: 'Each call was simulated alone, against the state before the batch',
  unknownBatch:
    'A call fails when simulated alone: it may need an earlier call of the batch, so the changes are not known',
} as const

/** The transaction the API simulates (hex quantities). */
export type Transaction = { from: string; to?: string; value?: string; data?: string; gas?: string }

/** An EIP-5792 batch the API simulates: its calls (protocol's shapes), sent by `from`. */
export type Batch = { from: string; calls: { to?: string; value?: string; data?: string }[] }

/** What the API is asked to simulate: one transaction or a batch. */
type Request = { transaction: Transaction } | { batch: Batch }

const SimulatedToken = z.object({
  address: z.nullable(z.string()),
  symbol: z.nullable(z.string()),
  decimals: z.nullable(z.number()),
  /** In the network's known token list (else its symbol is only what the contract says). */
  known: z.optional(z.boolean()),
})
/** What `POST /v1/simulate` says a transaction does to its sender (amounts and ids in base units). */
export const Simulation = z.object({
  reverted: z.boolean(),
  reason: z.optional(z.string()),
  /** A batch whose calls were each simulated alone, against the state before the batch. */
  independent: z.optional(z.boolean()),
  /** Such a batch's call that failed alone (1-based). */
  call: z.optional(z.number()),
  changes: z.array(
    z.object({
      direction: z.enum(['in', 'out']),
      asset: z.enum(['native', 'erc20', 'erc721']),
      token: SimulatedToken,
      amount: z.optional(z.string()),
      tokenId: z.optional(z.string()),
    }),
  ),
  approvals: z.array(
    z.object({
      kind: z.enum(['erc20', 'erc721', 'erc721-all']),
      token: SimulatedToken,
      spender: z.string(),
      amount: z.optional(z.string()),
      tokenId: z.optional(z.string()),
      approved: z.optional(z.boolean()),
    }),
  ),
})
/** A simulation's answer. */
export type Simulation = z.infer<typeof Simulation>

/**
 * Runs a simulation of `request` on `chainId` (CAIP-2), its answer read by `schema` (Simulation):
 * the screen's handler, through the API.
 */
export type Simulate = (
  chainId: string,
  request: Request,
  schema: z.ZodMiniType<Simulation>,
) => Promise<Simulation>

/**
 * The batch of a wallet_sendCalls request, from the account on screen (the batch's `from` is that
 * account, as the wallet sends it); undefined for other requests or params protocol's rules refuse.
 */
export function batchOf(item: Approval.Request): Batch | undefined {
  if (item.method !== 'wallet_sendCalls') return undefined
  try {
    const [batch] = Calls.checkParams('wallet_sendCalls', item.params) as [Calls.SendCalls]
    return {
      from: item.address,
      calls: batch.calls.map((call) => ({
        ...(call.to !== undefined ? { to: call.to } : {}),
        ...(call.value !== undefined ? { value: call.value } : {}),
        ...(call.data !== undefined ? { data: call.data } : {}),
      })),
    }
  } catch {
    return undefined
  }
}

/**
 * The transaction of an eth_sendTransaction request as it will be sent (the filled one; for a smart
 * account, whose gas is the user operation's, the request's own), from the account on screen; undefined
 * for other requests.
 */
export function transactionOf(item: Approval.Request): Transaction | undefined {
  if (item.method !== 'eth_sendTransaction') return undefined
  let tx: SignRequest.Transaction
  try {
    tx = item.transaction ?? SignRequest.transaction(item.params)
  } catch {
    return undefined
  }
  const hex = (value: bigint) => `0x${value.toString(16)}`
  return {
    from: item.address,
    ...(tx.to ? { to: tx.to } : {}),
    value: hex(tx.value),
    data: tx.data,
    ...(tx.gas !== undefined ? { gas: hex(tx.gas) } : {}),
  }
}

/** ERC-20 `approve(address,uint256)`'s selector. */
const APPROVE = '0x095ea7b3'

/** The `approve(spender, amount)` of `token` from `from`: what a permit's grant amounts to. */
function approveOf(from: string, token: string, spender: string, amount: bigint): Transaction {
  const word = (hex: string) => hex.padStart(64, '0')
  const data = `${APPROVE}${word(spender.slice(2).toLowerCase())}${word(amount.toString(16))}`
  return { from, to: token, value: '0x0', data }
}

/**
 * What a permit request grants, as the `approve` calls with the same effect (the allowance of the
 * spender set to the amount), sent to each token from the account on screen: an EIP-2612 permit's one
 * token, a Permit2 signature's tokens (an Unlimited uint160 as an unlimited approve); undefined for other
 * requests. Nothing is simulated for the signature itself: the approves' answer names each token
 * (symbol, decimals).
 */
export function permitOf(item: Approval.Request): Request | undefined {
  if (item.method !== 'eth_signTypedData_v4') return undefined
  try {
    const { typedData } = SignRequest.typedData(item.params)
    const permit2 = Tokens.permit2(typedData)
    if (permit2) {
      const calls = permit2.grants.map((grant) =>
        approveOf(
          item.address,
          grant.token,
          permit2.spender,
          Tokens.isUnlimited(grant.amount, grant.bits) ? 2n ** 256n - 1n : grant.amount,
        ),
      )
      return calls.length === 1
        ? { transaction: calls[0]! }
        : { batch: { from: item.address, calls: calls.map(({ from: _, ...call }) => call) } }
    }
    const permit = SignRequest.permit(typedData)
    const token = typedData.domain.verifyingContract
    if (!permit || typeof token !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(permit.spender)) return undefined
    return { transaction: approveOf(item.address, token, permit.spender, permit.value) }
  } catch {
    return undefined
  }
}

/**
 * The section for `item` when it is a transaction (or a permit) and the screen can simulate: it shows
 * the simulation running, then its answer; `onChange` is called when the answer (or the failure) is shown.
 * Rendered in `root` when given (the screen's placeholder: this module is a lazy chunk).
 */
export function mount(
  item: Approval.Request,
  simulate: Simulate | undefined,
  onChange: () => void,
  root?: HTMLElement,
) {
  const permit = permitOf(item)
  const transaction = permit ? undefined : transactionOf(item)
  const batch = permit || transaction ? undefined : batchOf(item)
  const request: Request | undefined =
    permit ?? (transaction ? { transaction } : batch ? { batch } : undefined)
  if (!request || !simulate) return undefined
  const view = section(permit ? TEXT.permitTitle : TEXT.title, root)
  view.render({ status: 'loading' })
  simulate(`eip155:${item.chainId}`, request, Simulation)
    .then(
      // A permit grants its approval: only that is shown (its approve's revert is no revert of the signature).
      (result) =>
        view.render(
          permit
            ? result.approvals.length > 0
              ? { status: 'done', result: { reverted: false, changes: [], approvals: result.approvals } }
              : { status: 'failed' }
            : { status: 'done', result },
        ),
      () => view.render({ status: 'failed' }),
    )
    .finally(onChange)
  return view.element
}

/** What the section shows: the simulation running, its answer, or that it could not run. */
type State = { status: 'loading' } | { status: 'done'; result: Simulation } | { status: 'failed' }

type Token = Simulation['changes'][number]['token']

/** A token's name for people: its symbol, else its address. */
const nameOf = (token: Token) => token.symbol ?? token.address ?? TEXT.unknownToken

/**
 * The address to show beside a token's symbol: any contract can call itself 'USDC', so a token outside
 * the network's known list (or a collection) is also named by its address.
 */
const addressOf = (token: Token) =>
  token.known || token.address === null || token.symbol === null ? undefined : token.address

/** `0x1234…abcd`: an address shortened for the line (the full one in its title and for screen readers). */
export const shorten = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`

/** An amount of a token: in its decimals with its symbol; in base units when it has no decimals. */
function amountOf(amount: string | undefined, token: Token): string {
  const value = BigInt(amount ?? '0')
  return `${token.decimals === null ? value.toString() : Summary.formatUnits(value, token.decimals)} ${nameOf(token)}`
}

/** The lines of a simulation: each change, then each approval, as [words for screen readers, text]. */
export function lines(
  result: Simulation,
): { direction: 'out' | 'in' | 'approval'; said: string; text: string; address?: string }[] {
  const at = (token: Token) => {
    const address = addressOf(token)
    return address ? { address } : {}
  }
  const changes = result.changes.map((change) => ({
    direction: change.direction,
    said: change.direction === 'out' ? TEXT.out : TEXT.in,
    text:
      change.asset === 'erc721'
        ? `${nameOf(change.token)} #${change.tokenId ?? ''}`
        : amountOf(change.amount, change.token),
    ...at(change.token),
  }))
  const approvals = result.approvals.map((approval) => {
    const token = nameOf(approval.token)
    const text =
      approval.kind === 'erc20'
        ? `${approval.spender} to spend ${
            approval.amount !== undefined && BigInt(approval.amount) >= 2n ** 255n
              ? `${Summary.TEXT.unlimited} ${token}`
              : amountOf(approval.amount, approval.token)
          }`
        : approval.kind === 'erc721'
          ? `${approval.spender} to take ${token} #${approval.tokenId ?? ''}`
          : approval.approved
            ? `${approval.spender} to take all your ${token}`
            : `${approval.spender} no longer to take your ${token}`
    return { direction: 'approval' as const, said: TEXT.approves, text, ...at(approval.token) }
  })
  return [...changes, ...approvals]
}

const create = <K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string) => {
  const node = document.createElement(tag)
  node.className = className
  if (text !== undefined) node.textContent = text
  return node
}

/** The sign before a line (for the eye; screen readers get the words). */
const SIGN = { out: '−', in: '+', approval: '✓' } as const

/** The section, with `render(state)` to show each state in place. */
function section(heading: string = TEXT.title, root = create('section', 'af-changes')) {
  root.className = 'af-changes'
  root.setAttribute('aria-labelledby', 'af-changes-title')
  root.setAttribute('aria-live', 'polite')
  const title = create('h2', '', heading)
  title.id = 'af-changes-title'
  return {
    element: root,
    render(state: State) {
      root.setAttribute('aria-busy', String(state.status === 'loading'))
      // A later call of a batch simulated call by call that failed alone may need an earlier one: no
      // warning and no numbers, the changes are not known.
      const unknown =
        state.status === 'done' &&
        state.result.reverted &&
        (state.result.independent ?? false) &&
        (state.result.call ?? 1) > 1
      root.dataset.state =
        state.status === 'done'
          ? unknown
            ? 'unknown'
            : state.result.reverted
              ? 'reverted'
              : 'done'
          : state.status
      const body: Node[] = [title]
      if (state.status === 'loading') body.push(create('p', 'af-muted', TEXT.loading))
      else if (state.status === 'failed') body.push(create('p', 'af-muted', TEXT.failed))
      else if (unknown) {
        body.push(create('p', 'af-muted', TEXT.unknownBatch))
        if (state.result.reason) body.push(create('p', 'af-muted', TEXT.reason(state.result.reason)))
      } else if (state.result.reverted) {
        const warning = create('p', 'af-warning', TEXT.reverted)
        warning.setAttribute('role', 'alert')
        body.push(warning)
        if (state.result.reason) body.push(create('p', 'af-muted', TEXT.reason(state.result.reason)))
      } else {
        const found = lines(state.result)
        if (found.length === 0) body.push(create('p', 'af-muted', TEXT.none))
        else {
          const list = create('ul', 'af-changes-list')
          for (const line of found) {
            const item = create('li', `af-change af-change-${line.direction}`)
            const said = create('span', 'af-sr', `${line.said} `)
            const sign = create('span', 'af-change-sign', SIGN[line.direction])
            sign.setAttribute('aria-hidden', 'true')
            item.append(said, sign, create('span', 'af-change-text', line.text))
            if (line.address) {
              // The token's contract, shortened for the eye; whole in the title and for screen readers.
              const short = create('span', 'af-change-address', ` ${shorten(line.address)}`)
              short.title = line.address
              short.setAttribute('aria-hidden', 'true')
              item.append(short, create('span', 'af-sr', ` ${line.address}`))
            }
            list.append(item)
          }
          body.push(list)
        }
        if (state.result.independent) body.push(create('p', 'af-muted', TEXT.independent))
      }
      root.replaceChildren(...body)
    },
  }
}
