import { connect, type RemoteProxy, WindowMessenger } from 'penpal'
import type * as Messages from './Messages.js'

/** The calls the host makes to the modal. */
export type Modal = RemoteProxy<Messages.ModalMethods>

/**
 * Connects to the modal frame with penpal: only the modal's origin is accepted, messages come from
 * the iframe's window only, and after the handshake they travel on a private MessageChannel. This is
 * the only module that talks across the frame boundary.
 */
export function connectModal(
  iframe: HTMLIFrameElement,
  modalOrigin: string,
  methods: Messages.HostMethods,
): { modal: Promise<Modal>; destroy: () => void } {
  let destroy = () => {}
  const modal = new Promise<Modal>((resolve, reject) => {
    const start = () => {
      const connection = connect<Messages.ModalMethods>({
        messenger: new WindowMessenger({
          remoteWindow: iframe.contentWindow!,
          allowedOrigins: [modalOrigin],
        }),
        methods,
      })
      destroy = connection.destroy
      connection.promise.then(resolve, reject)
    }
    if (iframe.contentWindow) start()
    else iframe.addEventListener('load', start, { once: true })
  })
  return { modal, destroy: () => destroy() }
}
