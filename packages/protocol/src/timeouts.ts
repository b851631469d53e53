import * as Constants from '@frontdoor/schemas/constants'

/**
 * The frame timeouts of spec section 9, in milliseconds for the bridge. Spec values come from
 * `@frontdoor/schemas/constants`; only the protocol's own choices are defined here.
 */

/** The auth frame must load and shake hands within this (then `iframe_load_failed`). */
export const FRAME_LOAD_TIMEOUT_MS = Constants.FRAME_LOAD_TIMEOUT_S * 1000

/** Login/connect requests to the auth frame time out after this (then `iframe_request_timeout`). */
export const LOGIN_REQUEST_TIMEOUT_MS = Constants.LOGIN_REQUEST_TIMEOUT_S * 1000

/** Sign-out waits this long for the auth frame, then goes on. */
export const SIGN_OUT_WAIT_MS = Constants.SIGN_OUT_WAIT_S * 1000

/** After the auth frame's ready event, wait this long before the first request. */
export const READY_DELAY_MS = Constants.READY_DELAY_MS

/**
 * Protocol choice (not in the spec): a call with no timeout of its own fails after this. Quick frame
 * messages (open, close, state) answer in well under a millisecond on one machine.
 */
export const DEFAULT_CALL_TIMEOUT_MS = 10_000

/**
 * A message whose answer waits for the user (an approval, an EIP-1193 request) has no timeout: the
 * user decides, and closing the modal rejects it.
 */
export const NO_TIMEOUT = Number.POSITIVE_INFINITY
