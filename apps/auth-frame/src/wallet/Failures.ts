import * as Errors from '@frontdoor/protocol/errors'
import * as SchemaErrors from '@frontdoor/schemas/errors'
import * as Api from '../api/Api.js'

/** The wallet's error replies: what the bridge sends the modal when a handler throws. */

/** An error the bridge turns into an error reply with this code, message and data. */
export function failure(message: string, code?: number, data?: unknown): Error {
  return Object.assign(
    new Error(message),
    code === undefined ? {} : { code },
    data === undefined ? {} : { data },
  )
}

/** An API failure as the modal should see it: the server's message, and its code as `data.code`. */
export function fromApi(error: unknown): Error {
  if (error instanceof Errors.ProviderRpcError) return failure(error.message, error.code, error.data)
  if (error instanceof Api.ApiError) {
    const message =
      error.code === 'cooldown' && error.retryAfterS !== undefined
        ? SchemaErrors.pleaseTryAgainAfter(error.retryAfterS)
        : error.message
    return failure(message, undefined, {
      code: error.code,
      status: error.status,
      ...(error.retryAfterS === undefined ? {} : { retryAfterS: error.retryAfterS }),
    })
  }
  return error instanceof Error ? error : failure(Errors.SOMETHING_WENT_WRONG)
}

export const notConnected = () =>
  failure(SchemaErrors.LOGIN.NOT_CONNECTED_TO_EMAIL_OR_SOCIAL, Errors.PROVIDER_ERRORS.unauthorized.code)
