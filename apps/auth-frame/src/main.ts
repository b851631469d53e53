import * as Bridge from '@frontdoor/protocol/bridge'
import * as Log from '@frontdoor/protocol/log'
import * as ModalAuth from '@frontdoor/protocol/modal-auth'
import * as Analytics from './analytics/Analytics.js'
import * as Api from './api/Api.js'
import * as Approval from './approval/Approval.js'
import * as Popup from './approval/Popup.js'
import * as Screen from './approval/Screen.js'
import * as Visibility from './approval/Visibility.js'
import * as Env from './env/Env.js'
import * as Registry from './network/Registry.js'
import * as Backends from './session/Backends.js'
import * as Device from './session/Device.js'
import * as Session from './session/Session.js'
import * as Theme from './theme/Theme.js'
import * as Wallet from './wallet/Wallet.js'
import './styles.css'

// The embedded wallet frame: answers the modal frame (its only peer, pinned by origin and window) and
// shows the approval screen for unsafe requests. Opened by the frame as its approval window
// (Popup.ts), the same document shows one request and answers the frame only.

async function start() {
  // The page's logLevel, passed on by the modal: the frame's console says nothing below it.
  Log.quietConsole(new URLSearchParams(location.search).get(Log.LOG_LEVEL_PARAM))
  const root = document.getElementById('root')!
  const approvalWindow = Popup.idOf(location.hash)
  if (approvalWindow && window.parent === window) return Popup.serve(root, approvalWindow)
  const env = Env.read()
  if (window.parent === window || !Env.parentIsModal(env.modalOrigin, location.ancestorOrigins)) {
    root.textContent = 'This page is part of Frontdoor and works only inside its modal.'
    return
  }
  if (env.unverifiedDomain) {
    // The server could not verify the page: no wallet here; the modal says why (spec section 8).
    window.parent.postMessage({ type: ModalAuth.UNVERIFIED_DOMAIN_MESSAGE }, env.modalOrigin)
    return
  }
  const approval = Approval.create()
  let dapp: Screen.Dapp
  let hostOrigin: string | undefined
  // Error reports (POST /e): the frame's uncaught errors and failed requests, about the page it serves;
  // none when the page turned analytics off.
  if (!env.analyticsOff)
    Analytics.start({
      apiUrl: env.apiUrl,
      projectId: new URLSearchParams(location.search).get('projectId') ?? undefined,
      page: () => hostOrigin,
    })
  const api = Api.create(env.apiUrl)
  const screen = Screen.create(root, {
    approve: approval.approve,
    decline: approval.decline,
    tracked: Visibility.supportsTrackVisibility(),
    gate: (options) => Visibility.gate(options),
    openPopup: (content, onDecision) => Popup.open(content, onDecision),
    pageOrigin: () => Env.confirmedOrigin(location.ancestorOrigins, hostOrigin),
    simulate: (chainId, request, schema) => {
      const { projectId, user } = wallet.state()
      // A batch of the user's smart account names its owner (the user's EOA), so that the API can deploy
      // a counterfactual account in the simulation, as its first user operation does.
      const owner =
        'batch' in request &&
        user?.accounts.some(
          (a) => a.type === 'smartAccount' && a.address.toLowerCase() === request.batch.from.toLowerCase(),
        )
          ? user.accounts.find((a) => a.type === 'eoa')?.address
          : undefined
      return api.simulate(
        projectId ?? '',
        chainId,
        'batch' in request && owner ? { batch: { ...request.batch, owner } } : request,
        schema,
      )
    },
  })
  approval.subscribe((state) => screen.render(state, dapp))
  window.addEventListener('focus', () => screen.focus())

  const storage = Backends.choose({
    local: () => localStorage,
    cookies: Backends.partitionedCookies(document),
    modalHost: new URL(env.modalOrigin).hostname,
    ownHost: location.hostname,
  }).backend
  const wallet = Wallet.create({
    apiUrl: env.apiUrl,
    modalOrigin: env.modalOrigin,
    api,
    registry: Registry.create(env.apiUrl),
    session: Session.create(storage),
    deviceId: () => Device.id(storage),
    approval,
    onTheme: (theme) => Theme.apply(document.documentElement, theme),
    onDapp: (metadata, attested) => {
      dapp = { name: metadata.name, url: metadata.url }
      hostOrigin = attested
    },
    reload: () => location.reload(),
  })

  for (;;) {
    try {
      const connection = await Bridge.connect({
        remoteWindow: window.parent,
        allowedOrigins: [env.modalOrigin],
        end: ModalAuth.auth,
        handlers: wallet.handlers,
        onInvalid: (error) => console.error(`frontdoor auth: refused a message: ${error.message}`),
      })
      await connection.remote.ready()
      return
    } catch (error) {
      if (!(error instanceof Bridge.BridgeError && error.reason === 'connection_timeout')) throw error
    }
  }
}

start().catch((error: unknown) => console.error('frontdoor auth: could not start', error))
