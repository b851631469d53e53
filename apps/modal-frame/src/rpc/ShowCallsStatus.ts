import * as Calls from '@frontdoor/protocol/calls'
import type * as Router from '../router/Router.js'

/**
 * EIP-5792 `wallet_showCallsStatus` for the embedded wallet (a lazy chunk, loaded by the first such
 * request): the modal opens on the CallsStatus view of the batch, which reads its status and lists
 * each receipt. The params are checked first (-32602 naming the field), and the batch is asked for
 * once before anything opens, so an id the wallet does not know is its 5730 and no view. Answers null
 * once the view shows (the EIP's answer: the wallet presents the batch, the page waits for nothing).
 */

/** What showing a batch needs: its status from the wallet, the router and the modal. */
export type Deps = {
  /** `wallet_getCallsStatus` of the connected wallet. */
  status: (id: string) => Promise<unknown>
  router: Pick<Router.Router, 'push'>
  open: () => void
}

/** Shows the status of the batch `params[0]` in the modal. */
export async function show(params: unknown, deps: Deps): Promise<null> {
  const [id] = Calls.checkParams('wallet_showCallsStatus', params) as [string]
  await deps.status(id)
  deps.router.push('CallsStatus', { id })
  deps.open()
  return null
}
