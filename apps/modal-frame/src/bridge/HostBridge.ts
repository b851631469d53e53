import * as Bridge from '@frontdoor/protocol/bridge'
import * as HostModal from '@frontdoor/protocol/host-modal'

/** What the modal does when the host calls it (params already validated by the protocol bridge). */
export type Handlers = Bridge.Handlers<typeof HostModal.modal.exposes>

/** The connected host: its origin (browser-attested on the handshake) and the calls the modal makes. */
export type Host = {
  origin: string
  remote: Bridge.Remote<typeof HostModal.modal.calls>
  destroy: () => void
  /** Calls to more of the host's messages, whose definitions a lazy chunk holds (SIWX). */
  extend: Bridge.Connection<typeof HostModal.modal>['extend']
}

/**
 * Connects to the host page (the parent window) over the protocol bridge (penpal, version handshake,
 * zod validation both ways). Only `allowedOrigins` may connect: the project's allowed origins, plus the
 * embedding page when the frame server saw it is not allowed (the modal then shows the alert only).
 * Retries after a handshake timeout, since the host may create the modal long after the frame loaded.
 */
export async function connectHost(allowedOrigins: string[], handlers: Handlers): Promise<Host> {
  for (;;) {
    try {
      return await Bridge.connect({
        remoteWindow: window.parent,
        allowedOrigins,
        end: HostModal.modal,
        handlers,
        onInvalid: (error) => console.error(`frontdoor: refused a message from the host: ${error.message}`),
      })
    } catch (error) {
      if (!(error instanceof Bridge.BridgeError && error.reason === 'connection_timeout')) throw error
    }
  }
}

/** The connected host with what it told about itself (networks, metadata, features), once it answered. */
export type Connected = Host & { info: HostModal.HostInfo | undefined }
