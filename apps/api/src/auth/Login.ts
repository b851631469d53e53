import { Constants } from '@frontdoor/schemas'
import * as Clients from '../chains/Clients.js'
import type * as Deps from '../Deps.js'
import * as Sessions from './sessions/Sessions.js'
import * as Users from './users/Users.js'
import * as Envelope from './vault/Envelope.js'
import * as NamespaceKeys from './vault/NamespaceKeys.js'
import * as Namespaces from './vault/Namespaces.js'
import * as SmartAccounts from './vault/SmartAccounts.js'
import * as Vault from './vault/Vault.js'

/** A user as the auth contract shows it (`GET /v1/auth/user`, and every login's answer). */
export type UserView = {
  id: string
  email?: string
  /**
   * The EVM account of the preferred type: the smart account (the default, spec section 1) or the
   * EOA that owns it; checksummed.
   */
  address: string
  /** The Solana address (base58). */
  solanaAddress: string
  accounts: { address: string; type: Users.AccountType }[]
  /** The Bitcoin (payment), Polkadot and Cosmos (eoa) accounts as CAIP-10 ids (none when the keys do not open). */
  caipAccounts: Namespaces.CaipAccount[]
  userName?: string
  socialProvider?: string
  preferredAccountType: Users.AccountType
  /** Whether the smart account has code on the chain asked about (the first smart-account chain by default). */
  smartAccountDeployed: boolean
}

/** What a login answers: the bearer token, its expiry (ISO 8601) and the user. */
export type Completed = Sessions.Created & { user: UserView }

/** The preferred account type of a user who has not chosen: the spec's EVM default. */
export const DEFAULT_ACCOUNT_TYPE: Users.AccountType = Constants.DEFAULT_ACCOUNT_TYPES.eip155

/**
 * Whether the user's smart account is presented on `chain` (CAIP-2; default: the first chain with a
 * bundler): only where the API has a bundler (`config.bundlers`, the devnets, whose factory is at the
 * deterministic address). Elsewhere anyone could deploy at that counterfactual address and take what was
 * sent to it, so the EOA is the user's only account there.
 */
export function smartAccountOn(
  config: Pick<Deps.Deps['config'], 'bundlers'> | undefined,
  chain?: string,
): boolean {
  if (!config) return false
  const on = chain ?? SmartAccounts.chains(config)[0]
  return on !== undefined && SmartAccounts.enabled(config, on)
}

/**
 * The user's EVM account on a chain: the smart account where it is presented (smartAccountOn) and the
 * user prefers it (the default), the EOA otherwise.
 */
export function accountOn(
  preferred: Users.AccountType | null | undefined,
  eoa: Vault.Addresses['evm'],
  smartAccountHere: boolean,
): { address: Vault.Addresses['evm']; type: Users.AccountType } {
  return smartAccountHere && (preferred ?? DEFAULT_ACCOUNT_TYPE) === 'smartAccount'
    ? { address: SmartAccounts.addressOf(eoa), type: 'smartAccount' }
    : { address: eoa, type: 'eoa' }
}

/**
 * Shapes a user and its addresses as the auth contract's user: both EVM accounts in `accounts` (the EOA
 * and the smart account it owns), `address` the preferred one. On a chain without the smart account
 * (`smartAccountHere` false: no bundler there) only the EOA, which is then the address.
 */
export function view(
  user: Users.User,
  addresses: Vault.Addresses,
  namespaceAddresses: Namespaces.Addresses | undefined,
  smartAccountDeployed = false,
  smartAccountHere = true,
): UserView {
  const preferredAccountType = user.preferredAccountType ?? DEFAULT_ACCOUNT_TYPE
  const smartAccount = SmartAccounts.addressOf(addresses.evm)
  return {
    id: user.id,
    ...(user.email ? { email: user.email } : {}),
    address: accountOn(preferredAccountType, addresses.evm, smartAccountHere).address,
    solanaAddress: addresses.solana,
    accounts: [
      { address: addresses.evm, type: 'eoa' },
      ...(smartAccountHere ? [{ address: smartAccount, type: 'smartAccount' as const }] : []),
    ],
    caipAccounts: namespaceAddresses ? Namespaces.caipAccounts(namespaceAddresses) : [],
    ...(user.userName ? { userName: user.userName } : {}),
    ...(user.socialProvider ? { socialProvider: user.socialProvider } : {}),
    preferredAccountType,
    smartAccountDeployed: smartAccountHere && smartAccountDeployed,
  }
}

/** What reading a user needs: the database and vault, and the chains for `smartAccountDeployed`. */
type UserDeps = Pick<Deps.Deps, 'db' | 'auth'> & Partial<Pick<Deps.Deps, 'upstreams' | 'config'>>

/**
 * Whether the user's smart account has code on `chain` (CAIP-2; default: the first chain with a
 * bundler). False where the API has no such chain, or its nodes do not answer (the account is then
 * shown as not deployed; its first send deploys it or finds it deployed).
 */
async function deployed(deps: UserDeps, eoa: Vault.Addresses['evm'], chain?: string): Promise<boolean> {
  if (!deps.upstreams || !deps.config) return false
  const on = chain ?? SmartAccounts.chains(deps.config)[0]
  if (!on || !SmartAccounts.enabled(deps.config, on) || !deps.upstreams.has(on)) return false
  return SmartAccounts.isDeployed(Clients.of(deps.upstreams, on), SmartAccounts.addressOf(eoa)).catch(
    () => false,
  )
}

/** The contract's user for a user id (its keys are made on first use); throws for an unknown id. */
export async function user(
  deps: UserDeps,
  userId: string,
  options: { chain?: string | undefined } = {},
): Promise<UserView> {
  const found = await Users.get(deps.db, userId)
  if (!found) throw new Error(`Login: no user '${userId}'`)
  const addresses = await Vault.ensureKeys(deps.db, deps.auth.vault, userId)
  // Keys this process cannot open (another master key, an altered secret) still show the stored
  // addresses, as before the derived accounts; signing with them fails.
  const derived = await NamespaceKeys.namespaceAddresses(deps.db, deps.auth.vault, userId).catch((error) => {
    if (error instanceof Vault.MasterKeyMismatchError || error instanceof Envelope.OpenError) return undefined
    throw error
  })
  return view(
    found,
    addresses,
    derived,
    await deployed(deps, addresses.evm, options.chain),
    smartAccountOn(deps.config, options.chain),
  )
}

/**
 * Ends a successful login: opens a session and answers `{ token, expiresAt, user }` as the contract
 * says (email OTP, social and Farcaster redeem alike).
 *
 * @example
 * const user = await Users.findOrCreateByIdentity(deps.db, { kind: 'google', subject })
 * return c.json(await Login.complete(deps, user.id))
 */
export async function complete(deps: UserDeps, userId: string): Promise<Completed> {
  const shown = await user(deps, userId)
  const session = await Sessions.create(deps.db, userId, { now: deps.auth.now() })
  return { ...session, user: shown }
}
