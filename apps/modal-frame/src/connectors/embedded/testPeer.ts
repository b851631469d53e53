import * as Bridge from '@frontdoor/protocol/bridge'
import * as ModalAuth from '@frontdoor/protocol/modal-auth'
import { PenpalError } from 'penpal'

/**
 * A stand-in auth frame for unit tests of the modal's side, without windows: both ends are the real
 * bridge code (`Bridge.expose` validates every call, `Bridge.remote` every reply, against the protocol's
 * schemas); only penpal's window transport is replaced by a direct call with penpal's timeout
 * behaviour. The real frame across real origins is tested end to end in e2e/embedded.
 */

/** The auth frame's handlers. */
export type AuthHandlers = Bridge.Handlers<typeof ModalAuth.auth.exposes>

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** A logged-out frame that answers every message plainly. */
export function defaultHandlers(): AuthHandlers {
  let chainId: number | string = 1
  return {
    connectEmail: () => ({ action: 'VERIFY_OTP' }),
    connectDevice: () => {},
    connectOtp: () => {},
    getSocialRedirectUri: ({ provider }) => ({
      uri: `http://127.0.0.1:4000/v1/auth/social/${provider}/start`,
    }),
    connectSocial: () => ({ address, chainId }),
    getFarcasterUri: () => ({ url: 'http://127.0.0.1:4000/dev/farcaster/abc' }),
    connectFarcaster: () => ({ userName: 'ada' }),
    getUser: (params) => {
      if (params?.chainId !== undefined) chainId = params.chainId
      return { address, chainId, email: 'ada@example.com', accounts: [{ address, type: 'eoa' }] }
    },
    switchNetwork: (params) => {
      chainId = params.chainId
      return { chainId }
    },
    signOut: () => {},
    isConnected: () => ({ isConnected: false }),
    getChainId: () => ({ chainId }),
    rpcRequest: () => null,
    rpcAbort: () => {},
    updateEmail: () => ({ action: 'VERIFY_PRIMARY_OTP' }),
    updateEmailPrimaryOtp: () => {},
    updateEmailSecondaryOtp: () => ({ newEmail: 'new@example.com' }),
    syncTheme: () => {},
    syncDappData: () => {},
    getSmartAccountEnabledNetworks: () => ({ smartAccountEnabledNetworks: [] }),
    setPreferredAccount: ({ type }) => ({ type, address }),
    initSmartAccount: () => ({ isDeployed: false }),
    reload: () => {},
  }
}

/** Options of {@link connect}. */
export type PeerOptions = {
  /** When the frame says ready after the handshake (ms); never when undefined and `silent`. */
  readyAfterMs?: number
  /** The frame never loads (no handshake): the fault behind iframe_load_failed. */
  silent?: boolean
}

/** A `Bridge.connect` whose peer is `handlers`, answered in-process. */
export function connect(handlers: Partial<AuthHandlers>, options: PeerOptions = {}): typeof Bridge.connect {
  return (async (connectOptions: Bridge.ConnectOptions<typeof ModalAuth.modal>) => {
    if (options.silent) return new Promise(() => {})
    const auth = Bridge.expose(ModalAuth.auth.exposes, { ...defaultHandlers(), ...handlers } as AuthHandlers)
    const modal = Bridge.expose(ModalAuth.modal.exposes, connectOptions.handlers)
    setTimeout(() => void modal.ready!(), options.readyAfterMs ?? 0)
    const transport: Bridge.Transport = (name, args, timeoutMs) => {
      const answer = auth[name]!(...args)
      if (!Number.isFinite(timeoutMs)) return answer
      return Promise.race([
        answer,
        new Promise((_, reject) =>
          setTimeout(() => reject(new PenpalError('METHOD_CALL_TIMEOUT', 'timeout')), timeoutMs),
        ),
      ])
    }
    return {
      remote: Bridge.remote(ModalAuth.modal.calls, transport),
      origin: 'http://127.0.0.2:5181',
      destroy: () => {},
    }
  }) as typeof Bridge.connect
}
