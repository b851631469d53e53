import type * as Profile from '@frontdoor/schemas/api/profile'
import * as Errors from '@frontdoor/schemas/errors'
import * as AddressRule from '@frontdoor/schemas/validation/address'
import { useQuery } from '@tanstack/react-query'
import type * as BlockchainApi from '../../account/BlockchainApi.js'
import { useQueries } from '../../account/Context.js'

/** Who the user is sending to: an address typed in, or a registered name resolved to one. */
export type Receiver =
  | { status: 'empty' }
  | { status: 'resolving'; name: string }
  | { status: 'error'; message: string }
  | { status: 'ready'; address: string; name: string | undefined; avatar: string | undefined }

/** The coin type of EVM addresses in name records (SLIP-44 for ether). */
const EVM_COIN_TYPE = '60'

const NAME = /^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*$/

/** What the receiver field holds: an address, a name to resolve, or nothing usable. */
export function classify(input: string): { kind: 'address' | 'name' | 'invalid' | 'empty'; value: string } {
  const value = input.trim()
  if (!value) return { kind: 'empty', value }
  if (AddressRule.isEvmAddress(value)) return { kind: 'address', value }
  if (value.startsWith('0x')) return { kind: 'invalid', value }
  return NAME.test(value) ? { kind: 'name', value } : { kind: 'invalid', value }
}

/** The EVM address and avatar of a resolved name, if it has an EVM address. */
export function fromProfile(
  profile: Profile.NameProfile,
): { address: string; avatar: string | undefined } | undefined {
  const record = profile.addresses[EVM_COIN_TYPE] ?? Object.values(profile.addresses)[0]
  if (!record || !AddressRule.isEvmAddress(record.address)) return undefined
  const avatar = profile.attributes?.find((a) => a.avatar)?.avatar
  return { address: record.address, avatar }
}

/**
 * Resolves the receiver field: an address gets its identity (name, avatar) when it has one; a name is
 * looked up ('Error resolving name' when it does not resolve).
 */
export function useReceiver(context: BlockchainApi.Context, input: string): Receiver {
  const queries = useQueries()
  const { kind, value } = classify(input)
  const identity = useQuery({
    ...queries.identity(context, value),
    enabled: kind === 'address',
    retry: false,
  })
  const profile = useQuery({ ...queries.profile(context, value), enabled: kind === 'name', retry: false })
  if (kind === 'empty') return { status: 'empty' }
  if (kind === 'invalid') return { status: 'error', message: Errors.INVALID_ADDRESS }
  if (kind === 'address')
    return {
      status: 'ready',
      address: value,
      name: identity.data?.name ?? undefined,
      avatar: identity.data?.avatar ?? undefined,
    }
  if (profile.isPending) return { status: 'resolving', name: value }
  const resolved = profile.data ? fromProfile(profile.data) : undefined
  if (!resolved) return { status: 'error', message: Errors.NAMES.RESOLVE }
  return {
    status: 'ready',
    address: resolved.address,
    name: profile.data?.name ?? value,
    avatar: resolved.avatar,
  }
}
