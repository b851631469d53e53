import type * as Bridge from '@frontdoor/protocol/bridge'
import type * as HostModal from '@frontdoor/protocol/host-modal'
import type * as ModalAuth from '@frontdoor/protocol/modal-auth'
import * as SocialPopup from '@frontdoor/protocol/social-popup'
import * as Timeouts from '@frontdoor/protocol/timeouts'
import type { User as SchemaUser } from '@frontdoor/schemas'
import * as Caip from '@frontdoor/schemas/caip'
import * as SchemaErrors from '@frontdoor/schemas/errors'
import * as Api from '../api/Api.js'
import type * as Approval from '../approval/Approval.js'
import type * as Registry from '../network/Registry.js'
import * as Session from '../session/Session.js'
import * as Failures from './Failures.js'
import * as Requests from './Requests.js'

/**
 * The embedded wallet: one handler per modal -> auth message of packages/protocol. It holds the session
 * token (never sent to the modal), answers safe RPC methods through the API's RPC proxy, queues unsafe
 * ones for the user's approval before asking the vault, and refuses anything else ('Action not allowed').
 */

/** The handlers the frame exposes to the modal. */
export type Handlers = Bridge.Handlers<typeof ModalAuth.auth.exposes>

/** What the wallet needs. */
export type Deps = {
  apiUrl: string
  modalOrigin: string
  api: Api.Api
  session: Session.Store
  approval: Approval.Approval
  /** The modal's theme, for the approval screen. */
  onTheme?: (theme: HostModal.Theme) => void
  /** The dapp's metadata and the page's origin the modal attested, for the approval screen. */
  onDapp?: (metadata: HostModal.Metadata, hostOrigin: string | undefined) => void
  /** Reloads the frame (the `reload` message). */
  reload?: () => void
  /** This browser's device id for the email login's device approval (session/Device.ts). */
  deviceId?: () => string
  /** The network registry (GET /v1/networks): the approval screen's name and currency of a chain. */
  registry?: Registry.Registry
  /** Waits between Farcaster and device approval status polls. */
  sleep?: (ms: number) => Promise<void>
  now?: () => number
}

/** How often the Farcaster channel's status is polled. */
const FARCASTER_POLL_MS = 1000
/** How often a pending login is polled while the user opens the emailed approval link. */
const DEVICE_POLL_MS = 1000

/** The user as the modal sees it (spec's embedded-wallet user). */
function toUser(user: Api.User, chainId: number | string): SchemaUser.EmbeddedWalletUser {
  return {
    address: user.address,
    chainId,
    accounts: user.accounts,
    preferredAccountType: user.preferredAccountType,
    smartAccountDeployed: user.smartAccountDeployed,
    ...(user.email === undefined ? {} : { email: user.email }),
    ...(user.userName === undefined ? {} : { userName: user.userName }),
    ...(user.solanaAddress === undefined ? {} : { solanaAddress: user.solanaAddress }),
    ...(user.caipAccounts === undefined ? {} : { caipAccounts: user.caipAccounts }),
  }
}

/** Creates the wallet's handlers. */
export function create(deps: Deps) {
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  const now = deps.now ?? Date.now
  const ownDeviceId = `memory-${crypto.randomUUID()}`
  const deviceId = deps.deviceId ?? (() => ownDeviceId)
  let projectId: string | undefined
  let chainId: number | string | undefined
  let user: Api.User | undefined
  let pendingEmail: string | undefined
  /** The login a right code started in a browser the account has not approved (until the link approves it). */
  let pendingLogin: string | undefined
  let emailUpdate: { newEmail: string; primaryOtp?: string } | undefined
  let farcasterChannel: string | undefined
  /** The binding of the last `getSocialRedirectUri` (only this frame knows it). */
  let socialBinding: string | undefined

  const requireProject = () => {
    if (!projectId) throw Failures.failure(SchemaErrors.AUTH_INIT_FAILED)
    return projectId
  }
  const requireToken = () => {
    const session = deps.session.get()
    if (!session) throw Failures.notConnected()
    return session.token
  }
  const startSession = (response: Api.SessionResponse) => {
    deps.session.set({
      token: response.token,
      expiresAtMs: Session.expiresAtMs(response.expiresAt) ?? now() + 24 * 60 * 60 * 1000,
    })
    user = response.user
    pendingEmail = undefined
    pendingLogin = undefined
  }
  const currentUser = async () => {
    const token = requireToken()
    try {
      // The account on the page's chain: the smart account exists only where the API has a bundler.
      user = await deps.api.user(token, Caip.evmChainId(chainId))
      return user
    } catch (error) {
      if (error instanceof Api.ApiError && error.status === 401) {
        deps.session.clear()
        user = undefined
        throw Failures.notConnected()
      }
      throw Failures.fromApi(error)
    }
  }
  const chainOrDefault = () => chainId ?? 1
  const redeemSocial = async (code: string, binding: string) => {
    try {
      startSession(await deps.api.redeemSocial(code, binding))
    } catch (error) {
      throw Failures.failure(SchemaErrors.LOGIN.FAILED_TO_CONNECT, undefined, {
        cause: Failures.fromApi(error).message,
      })
    }
    return toUser(user!, chainOrDefault())
  }

  const handlers: Handlers = {
    connectEmail: async ({ email }) => {
      const project = requireProject()
      try {
        await deps.api.sendEmailOtp({ projectId: project, email, deviceId: deviceId() })
      } catch (error) {
        throw Failures.fromApi(error)
      }
      pendingEmail = email
      pendingLogin = undefined
      return { action: 'VERIFY_OTP' as const }
    },
    connectOtp: async ({ otp }) => {
      if (!pendingEmail) throw Failures.failure(SchemaErrors.LOGIN.FAILED_TO_CONNECT)
      let verified: Awaited<ReturnType<Api.Api['verifyEmailOtp']>>
      try {
        verified = await deps.api.verifyEmailOtp({
          projectId: requireProject(),
          email: pendingEmail,
          otp,
          deviceId: deviceId(),
        })
      } catch (error) {
        throw Failures.fromApi(error)
      }
      if ('token' in verified) {
        startSession(verified)
        return undefined
      }
      // The code was right, but the account has not approved this browser: the link went by email.
      pendingLogin = verified.pendingLogin
      return { action: 'VERIFY_DEVICE' as const }
    },
    connectDevice: async () => {
      // After VERIFY_DEVICE: waits until the user approved this browser by the emailed link, which
      // completes the pending login. The API out of reach meanwhile (a network failure or a 503) is
      // waited out until the login request timeout.
      const login = pendingLogin
      if (!login) throw Failures.failure(SchemaErrors.LOGIN.FAILED_TO_CONNECT)
      const body = { projectId: requireProject(), pendingLogin: login }
      const deadline = now() + Timeouts.LOGIN_REQUEST_TIMEOUT_MS
      while (pendingLogin === login && now() < deadline) {
        try {
          const answer = await deps.api.deviceLogin(body)
          if ('token' in answer) {
            startSession(answer)
            return
          }
        } catch (error) {
          const waits = error instanceof Api.ApiError && (error.status === 0 || error.status === 503)
          if (!waits) throw Failures.fromApi(error)
        }
        await sleep(DEVICE_POLL_MS)
      }
      throw Failures.failure(SchemaErrors.LOGIN.FAILED_TO_CONNECT)
    },
    getSocialRedirectUri: async ({ provider }) => {
      const project = requireProject()
      const { attempt, binding } = SocialPopup.attempt()
      const query = new URLSearchParams({
        projectId: project,
        origin: deps.modalOrigin,
        attempt,
        binding: await SocialPopup.bindingHash(binding),
      })
      socialBinding = binding
      return { uri: `${deps.apiUrl}/v1/auth/social/${provider}/start?${query}` }
    },
    connectSocial: async (params) => {
      // The binding of the attempt the code ends: the modal's, or this frame's own.
      const binding = params.binding ?? socialBinding
      if (!binding) throw Failures.failure(SchemaErrors.LOGIN.FAILED_TO_CONNECT)
      let code: string | null = null
      if ('code' in params) code = params.code
      else {
        // A callback URL is taken only from the API's own origin.
        const url = new URL(params.uri)
        if (url.origin === new URL(deps.apiUrl).origin) code = url.searchParams.get('code')
      }
      if (!code) throw Failures.failure(SchemaErrors.LOGIN.FAILED_TO_CONNECT)
      if (binding === socialBinding) socialBinding = undefined
      return redeemSocial(code, binding)
    },
    getFarcasterUri: async () => {
      try {
        const channel = await deps.api.farcasterChannel(requireProject())
        farcasterChannel = channel.channelToken
        return { url: channel.url }
      } catch (error) {
        throw Failures.failure(SchemaErrors.LOGIN.FAILED_TO_CONNECT_FARCASTER, undefined, {
          cause: Failures.fromApi(error).message,
        })
      }
    },
    connectFarcaster: async () => {
      const channel = farcasterChannel
      if (!channel) throw Failures.failure(SchemaErrors.LOGIN.FAILED_TO_CONNECT_FARCASTER)
      const deadline = now() + Timeouts.LOGIN_REQUEST_TIMEOUT_MS
      try {
        while (farcasterChannel === channel && now() < deadline) {
          const { state } = await deps.api.farcasterStatus(channel)
          if (state === 'completed') {
            startSession(await deps.api.farcasterRedeem(channel))
            farcasterChannel = undefined
            return { userName: user?.userName ?? '' }
          }
          if (state === 'expired') break
          await sleep(FARCASTER_POLL_MS)
        }
      } catch {}
      throw Failures.failure(SchemaErrors.LOGIN.FAILED_TO_CONNECT_FARCASTER)
    },
    getUser: async (params) => {
      if (params?.chainId !== undefined) chainId = params.chainId
      return toUser(await currentUser(), chainOrDefault())
    },
    switchNetwork: ({ chainId: next }) => {
      // Another chain may have another account (the EOA where there is no smart account): read it again.
      if (next !== chainId) user = undefined
      chainId = next
      return { chainId: next }
    },
    signOut: async () => {
      const session = deps.session.get()
      deps.session.clear()
      deps.approval.abort()
      user = undefined
      pendingEmail = undefined
      emailUpdate = undefined
      if (session) await deps.api.signOut(session.token).catch(() => {})
    },
    isConnected: () => ({ isConnected: deps.session.get() !== undefined }),
    getChainId: () => ({ chainId: chainOrDefault() }),
    rpcRequest: Requests.create({
      ...deps,
      chainId: () => chainId,
      user: async () => user ?? (await currentUser()),
      token: requireToken,
      project: requireProject,
    }),
    rpcAbort: () => deps.approval.abort(),
    updateEmail: async ({ email }) => {
      try {
        await deps.api.updateEmail(requireToken(), email)
      } catch (error) {
        throw Failures.fromApi(error)
      }
      emailUpdate = { newEmail: email }
      return { action: 'VERIFY_PRIMARY_OTP' }
    },
    updateEmailPrimaryOtp: ({ otp }) => {
      if (!emailUpdate) throw Failures.failure(SchemaErrors.LOGIN.FAILED_TO_CONNECT)
      // The API checks both codes together (update/verify); the primary one is kept until then.
      emailUpdate = { ...emailUpdate, primaryOtp: otp }
    },
    updateEmailSecondaryOtp: async ({ otp }) => {
      const pending = emailUpdate
      if (!pending?.primaryOtp) throw Failures.failure(SchemaErrors.LOGIN.FAILED_TO_CONNECT)
      try {
        user = await deps.api.verifyUpdateEmail(requireToken(), {
          primaryOtp: pending.primaryOtp,
          secondaryOtp: otp,
        })
      } catch (error) {
        throw Failures.fromApi(error)
      }
      emailUpdate = undefined
      return { newEmail: user.email ?? pending.newEmail }
    },
    syncTheme: (theme) => deps.onTheme?.(theme),
    syncDappData: (data) => {
      projectId = data.projectId
      deps.onDapp?.(data.metadata, data.hostOrigin)
    },
    getSmartAccountEnabledNetworks: async () => {
      try {
        return { smartAccountEnabledNetworks: await deps.api.smartAccountChainIds() }
      } catch (error) {
        throw Failures.fromApi(error)
      }
    },
    setPreferredAccount: async ({ type }) => {
      try {
        user = await deps.api.setAccountType(requireToken(), type)
      } catch (error) {
        throw Failures.fromApi(error)
      }
      // Smart accounts come later: until the vault has one, the EOA answers for both types.
      const account = user.accounts.find((a) => a.type === type) ?? user.accounts[0]
      return { type, address: account?.address ?? user.address }
    },
    initSmartAccount: async () => ({ isDeployed: (user ?? (await currentUser())).smartAccountDeployed }),
    reload: () => {
      setTimeout(() => deps.reload?.(), 0)
    },
  }

  return {
    handlers,
    /** The frame's state, for tests and the screen. */
    state: () => ({ projectId, chainId, user, pendingEmail }),
  }
}
