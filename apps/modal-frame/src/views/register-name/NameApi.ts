import * as Profile from '@frontdoor/schemas/api/profile'
import * as Constants from '@frontdoor/schemas/constants'
import type * as BlockchainApi from '../../account/BlockchainApi.js'
import * as Api from '../../api/Api.js'

/** The names API of the RegisterAccountName view (REFERENCE.md "Blockchain API"). */

const url = (context: BlockchainApi.Context, path: string, query: Record<string, string> = {}) =>
  `${context.apiUrl}${path}?${new URLSearchParams({ projectId: context.projectId, ...query })}`

/** `GET /v1/profile/suggestions/{name}`: the name typed (registered or not) and free variations. */
export function suggestions(context: BlockchainApi.Context, label: string) {
  return Api.get(
    url(context, `/v1/profile/suggestions/${encodeURIComponent(label)}`, {
      zone: Constants.ACCOUNT_NAME_ZONE,
    }),
    Profile.SuggestionsResponse,
    0,
  )
}

/** `GET /v1/profile/reverse/{address}`: the names registered to an address, newest first. */
export function namesOf(context: BlockchainApi.Context, address: string) {
  return Api.get(
    url(context, `/v1/profile/reverse/${encodeURIComponent(address)}`, { apiVersion: '2' }),
    Profile.ReverseResponse,
    0,
  )
}

/** Why the API refused a registration: its message, for the view to show under the spec's title. */
class RegisterError extends Error {
  override name = 'RegisterError'
}

/** `POST /v1/profile/account`: registers the name the wallet signed. */
export async function register(context: BlockchainApi.Context, body: Profile.RegisterNameBody) {
  const response = await fetch(url(context, '/v1/profile/account'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const answer = (await response.json().catch(() => undefined)) as
    | { error?: { message?: string } }
    | Profile.NameProfile
    | undefined
  if (!response.ok)
    throw new RegisterError(
      (answer && 'error' in answer && answer.error?.message) || `The API answered ${response.status}`,
    )
  return answer as Profile.NameProfile
}
