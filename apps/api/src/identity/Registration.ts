import { AccountNameRule, Constants, Profile } from '@frontdoor/schemas'
import { type Hex, isAddress, isAddressEqual, isHex, recoverMessageAddress } from 'viem'
import * as zm from 'zod/mini'
import type * as Db from '../db/Db.js'
import * as Names from './Names.js'

/** How far the signed timestamp may be from now, either way: an old signature cannot be replayed later. */
export const FRESHNESS_S = 600

/** The attributes a name may carry, and their longest values. */
export const ATTRIBUTE_MAX_CHARS = { avatar: 2_048, bio: 280 } as const

/** Why a registration is refused (the API's error messages). */
export const REFUSED = {
  coinType: 'Names are registered for EVM addresses only (coin_type 60)',
  address: 'Not an EVM address',
  message: 'The message must be the JSON of {name, attributes, timestamp}',
  zone: `The name must end in .${Constants.ACCOUNT_NAME_ZONE}`,
  stale: `The signed timestamp must be within ${FRESHNESS_S} seconds of now`,
  attributes: 'Only avatar and bio attributes, of bounded length, are kept',
  signature: 'The signature is not the address signing the message',
  devKey: 'This address has a public key (a dev account): it cannot register a name',
  taken: 'The name is already registered',
} as const

const Attributes = zm.object({
  avatar: zm.optional(zm.string().check(zm.maxLength(ATTRIBUTE_MAX_CHARS.avatar))),
  bio: zm.optional(zm.string().check(zm.maxLength(ATTRIBUTE_MAX_CHARS.bio))),
})

/** A refusal: the HTTP status and the message. */
export type Refusal = { status: 400 | 401 | 403 | 409; message: string }

/** The outcome of {@link register}. */
export type Outcome = { ok: true; profile: Profile.NameProfile } | ({ ok: false } & Refusal)

/**
 * Registers an account name from a signed request (`POST /v1/profile/account`): an EVM address signs
 * (personal_sign) the JSON of `{name, attributes, timestamp}`; the name is `<label>.frontdoor.id` with
 * a label of letters, digits and hyphens, at least 4 characters; the timestamp (seconds) is fresh; the
 * name is not registered yet. `publicKeys` are addresses whose keys everyone knows (refused).
 *
 * @example
 * const outcome = await Registration.register(orm, body, { now: Date.now(), publicKeys: new Set() })
 */
export async function register(
  orm: Db.Orm,
  body: Profile.RegisterNameBody,
  options: {
    now: number
    publicKeys: ReadonlySet<string>
    /**
     * A contract account's signature (ERC-1271, or ERC-6492 before deployment: the embedded wallet's
     * smart account), asked of a chain when the signature does not recover to the address.
     */
    verifyContract?: (address: Hex, message: string, signature: Hex) => Promise<boolean>
  },
): Promise<Outcome> {
  const refuse = (status: Refusal['status'], message: string) => ({ ok: false, status, message }) as const
  if (String(body.coin_type) !== Names.EVM_COIN_TYPE) return refuse(400, REFUSED.coinType)
  if (!isAddress(body.address, { strict: false })) return refuse(400, REFUSED.address)
  let json: unknown
  try {
    json = JSON.parse(body.message)
  } catch {
    return refuse(400, REFUSED.message)
  }
  const parsed = zm.safeParse(Profile.RegisterNameMessage, json)
  if (!parsed.success) return refuse(400, REFUSED.message)
  const { name, timestamp } = parsed.data
  const suffix = `.${Constants.ACCOUNT_NAME_ZONE}`
  if (!name.endsWith(suffix)) return refuse(400, REFUSED.zone)
  const invalid = AccountNameRule.validate(name.slice(0, -suffix.length))
  if (invalid) return refuse(400, invalid)
  const attributes = zm.safeParse(zm.strictObject(Attributes.shape), parsed.data.attributes ?? {})
  if (!attributes.success) return refuse(400, REFUSED.attributes)
  if (Math.abs(options.now / 1000 - timestamp) > FRESHNESS_S) return refuse(400, REFUSED.stale)
  if (!isHex(body.signature)) return refuse(401, REFUSED.signature)
  const signer = await recoverMessageAddress({
    message: body.message,
    signature: body.signature as Hex,
  }).catch(() => undefined)
  const signed =
    (signer !== undefined && isAddressEqual(signer, body.address)) ||
    ((await options
      .verifyContract?.(body.address as Hex, body.message, body.signature as Hex)
      .catch(() => false)) ??
      false)
  if (!signed) return refuse(401, REFUSED.signature)
  if (options.publicKeys.has(body.address.toLowerCase())) return refuse(403, REFUSED.devKey)
  const profile = await Names.register(
    orm,
    { name, address: body.address, avatar: attributes.data.avatar, bio: attributes.data.bio },
    { now: options.now },
  )
  return profile ? { ok: true, profile } : refuse(409, REFUSED.taken)
}

/** The most suggestions one lookup gives. */
export const SUGGESTIONS_MAX = 5

/**
 * Names to offer for what the visitor typed: the name itself (registered or not), then free
 * variations of it, all in the zone. The label is cut to what the name rules allow.
 *
 * @example
 * await Registration.suggest(orm, 'alice') // [{name: 'alice.frontdoor.id', registered: true}, {name: 'alice1.frontdoor.id', registered: false}, …]
 */
export async function suggest(orm: Db.Orm, typed: string) {
  const zone = `.${Constants.ACCOUNT_NAME_ZONE}`
  const label = (typed.toLowerCase().endsWith(zone) ? typed.slice(0, -zone.length) : typed)
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '')
  if (!label) return []
  const year = new Date().getUTCFullYear()
  const labels = [
    label,
    `${label}1`,
    `${label}-id`,
    `my${label}`,
    `${label}${year}`,
    `${label}-web3`,
    `${label}2`,
  ]
    .filter((candidate) => !AccountNameRule.validate(candidate))
    .map((candidate) => `${candidate}${zone}`)
  const taken = await Names.registered(orm, labels)
  const [first, ...rest] = labels
  const suggestions: { name: string; registered: boolean }[] = []
  if (first) suggestions.push({ name: first, registered: taken.has(first) })
  for (const name of rest)
    if (!taken.has(name) && suggestions.length < SUGGESTIONS_MAX)
      suggestions.push({ name, registered: false })
  return suggestions
}
