import { Constants, type Project } from '@frontdoor/schemas'

/** A social login provider of spec section 1. */
export type Social = (typeof Constants.DEFAULT_SOCIALS)[number]
/** A connect method of the Connect view. */
type ConnectMethod = (typeof Constants.DEFAULT_CONNECT_METHOD_ORDER)[number]

/** The features the modal runs with, resolved from the remote config, the local options and the defaults. */
export type Features = {
  email: boolean
  /** Enabled social providers, in display order; empty when social login is off. */
  socials: Social[]
  /** Swap providers; empty when swaps are off. */
  swaps: string[]
  /** On-ramp providers; empty when the on-ramp is off. */
  onramp: string[]
  activity: boolean
  send: boolean
  receive: boolean
  analytics: boolean
  allWallets: boolean
  multiWallet: boolean
  /** Pay (`frontdoor.pay()`): the project config's `payments` feature; off without it. */
  payments: boolean
  connectMethodsOrder: ConnectMethod[]
}

/** The features a page may pass to `createFrontdoor({ features })`. */
export type LocalOptions = {
  email?: boolean | undefined
  socials?: readonly string[] | false | undefined
  swaps?: readonly string[] | false | undefined
  onramp?: readonly string[] | boolean | undefined
  activity?: boolean | undefined
  send?: boolean | undefined
  receive?: boolean | undefined
  analytics?: boolean | undefined
  allWallets?: boolean | undefined
  multiWallet?: boolean | undefined
  connectMethodsOrder?: readonly string[] | undefined
}

/** The warning of spec section 1, shown when remote config overrides options the page gave. */
const LOCAL_CONFIGURATION_IGNORED = 'Local configuration ignored'

/** Local option keys that the remote config decides when it is available. */
const REMOTE_KEYS = ['email', 'socials', 'swaps', 'onramp', 'activity', 'multiWallet'] as const

/** The defaults of spec section 1. */
export const DEFAULTS: Features = {
  email: true,
  socials: [...Constants.DEFAULT_SOCIALS],
  swaps: [...Constants.DEFAULT_FEATURES.swaps],
  onramp: [...Constants.ONRAMP_PROVIDERS],
  activity: true,
  send: Constants.DEFAULT_FEATURES.send,
  receive: Constants.DEFAULT_FEATURES.receive,
  analytics: Constants.DEFAULT_FEATURES.analytics,
  allWallets: Constants.DEFAULT_FEATURES.allWallets,
  multiWallet: false,
  payments: false,
  connectMethodsOrder: [...Constants.DEFAULT_CONNECT_METHOD_ORDER],
}

const isSocial = (value: unknown): value is Social =>
  typeof value === 'string' && (Constants.DEFAULT_SOCIALS as readonly string[]).includes(value)
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []

function connectMethods(order: readonly string[] | undefined): ConnectMethod[] {
  const valid = (order ?? []).filter((m): m is ConnectMethod =>
    (Constants.DEFAULT_CONNECT_METHOD_ORDER as readonly string[]).includes(m),
  )
  const unique = [...new Set(valid)]
  return unique.length ? unique : [...Constants.DEFAULT_CONNECT_METHOD_ORDER]
}

function fromLocal(local: LocalOptions): Features {
  const onramp = local.onramp
  return {
    email: local.email ?? DEFAULTS.email,
    socials: local.socials === false ? [] : local.socials ? local.socials.filter(isSocial) : DEFAULTS.socials,
    swaps: local.swaps === false ? [] : local.swaps ? [...local.swaps] : DEFAULTS.swaps,
    onramp: onramp === false ? [] : Array.isArray(onramp) ? [...onramp] : DEFAULTS.onramp,
    activity: local.activity ?? DEFAULTS.activity,
    send: local.send ?? DEFAULTS.send,
    receive: local.receive ?? DEFAULTS.receive,
    analytics: local.analytics ?? DEFAULTS.analytics,
    allWallets: local.allWallets ?? DEFAULTS.allWallets,
    multiWallet: local.multiWallet ?? DEFAULTS.multiWallet,
    payments: false,
    connectMethodsOrder: connectMethods(local.connectMethodsOrder),
  }
}

/**
 * Resolves the features: the remote project config (`/appkit/v1/config`) wins for what it covers,
 * then the local options, then the defaults. `warning` is 'Local configuration ignored' when the page
 * gave options that the remote config overrode.
 *
 * @example
 * const { features, warning } = Features.resolve(remote, { socials: ['google'] })
 * if (warning) console.warn(warning)
 */
export function resolve(
  remote: Project.RemoteConfigResponse | undefined,
  local: LocalOptions = {},
): { features: Features; warning: string | undefined; ignored: string[] } {
  const base = fromLocal(local)
  if (!remote) return { features: base, warning: undefined, ignored: [] }
  const byId = new Map(remote.features.map((f) => [f.id, f]))
  const on = (id: Project.FeatureId) => byId.get(id)?.isEnabled === true
  const social = byId.get('social_login')
  const socialConfig = strings(social?.config)
  const features: Features = {
    ...base,
    email: on('social_login') && socialConfig.includes('email'),
    socials: on('social_login') ? socialConfig.filter(isSocial) : [],
    swaps: on('swap') ? strings(byId.get('swap')?.config) : [],
    onramp: on('onramp') ? strings(byId.get('onramp')?.config) : [],
    activity: on('activity'),
    multiWallet: on('multi_wallet'),
    payments: on('payments'),
  }
  const ignored = REMOTE_KEYS.filter((key) => local[key] !== undefined)
  return { features, warning: ignored.length ? LOCAL_CONFIGURATION_IGNORED : undefined, ignored }
}
