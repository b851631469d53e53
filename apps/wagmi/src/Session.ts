import type * as HostSdk from '@frontdoor/host-sdk'

/** How long a reload waits for the modal to restore a stored connection before giving up. */
export const RESTORE_TIMEOUT_MS = 5_000

/**
 * Whether the modal restores the visitor's stored connection after a reload, without asking: resolves
 * true once the state says connected, false once a restore attempt (reconnecting or connecting) ended
 * disconnected, or after `timeoutMs` (the modal tried nothing, or did not answer) with the state then.
 */
export function restored(
  frontdoor: Pick<HostSdk.Frontdoor, 'getState' | 'subscribe'>,
  timeoutMs = RESTORE_TIMEOUT_MS,
): Promise<boolean> {
  const connected = (state: HostSdk.State) => state.status === 'connected' && state.address !== undefined
  if (connected(frontdoor.getState())) return Promise.resolve(true)
  return new Promise((resolve) => {
    let attempted = false
    const done = (value: boolean) => {
      clearTimeout(timer)
      unsubscribe()
      resolve(value)
    }
    const timer = setTimeout(() => done(connected(frontdoor.getState())), timeoutMs)
    const unsubscribe = frontdoor.subscribe((state) => {
      if (connected(state)) done(true)
      else if (state.status === 'reconnecting' || state.status === 'connecting') attempted = true
      else if (attempted && state.status === 'disconnected') done(false)
    })
  })
}

/**
 * Resolves once the state's chain is `chainId` (the modal reports a switch after the wallet did it),
 * or after `timeoutMs`.
 */
export function onChain(
  frontdoor: Pick<HostSdk.Frontdoor, 'getState' | 'subscribe'>,
  chainId: number,
  timeoutMs = RESTORE_TIMEOUT_MS,
): Promise<void> {
  if (frontdoor.getState().chainId === chainId) return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      unsubscribe()
      resolve()
    }
    const timer = setTimeout(done, timeoutMs)
    const unsubscribe = frontdoor.subscribe((state) => {
      if (state.chainId === chainId) done()
    })
  })
}
