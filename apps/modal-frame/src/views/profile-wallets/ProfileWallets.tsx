import * as Alerts from '@frontdoor/schemas/alerts'
import * as Format from '@frontdoor/schemas/presentation/format'
import { useState } from 'react'
import * as Info from '../../connection/Info.js'
import type * as Storage from '../../connection/Storage.js'
import type * as Controller from '../../controller/Controller.js'
import { useController } from '../../controller/context.js'
import { useStore } from '../../store/useStore.js'
import { Icon } from '../../ui/Avatar.js'
import * as Toast from '../../ui/Toast.js'
import '../../ui/account.css'
import './profile-wallets.css'

/** A stored connection as the user knows it: its wallet's name, else the injected wallet's, else its kind. */
function walletName(entry: Storage.Entry, controller: Pick<Controller.Controller, 'state'>): string {
  const stored = Info.parse(entry)?.wallet.name
  if (stored) return stored
  const { connectorId } = entry
  if (connectorId.startsWith('injected:')) {
    const rdns = connectorId.slice('injected:'.length)
    return controller.state.get().injected.find((w) => w.rdns === rdns)?.name ?? rdns
  }
  if (connectorId.startsWith('walletConnect')) return 'WalletConnect'
  if (connectorId.startsWith('embedded')) return 'Email or social wallet'
  return connectorId
}

/** How a connection is named on its buttons: the wallet, and its address when known (two can share a name). */
function labelOf(name: string, address: string | undefined): string {
  return address ? `${name} ${Format.truncateAddress(address)}` : name
}

/**
 * ProfileWallets: with the multi-wallet feature, the stored connections, each with its wallet and
 * address: the current one, and the others to switch to (at once, without asking the wallet again) or
 * delete. Without it, the 'multi-wallet not enabled' info and the current wallet.
 */
export default function ProfileWallets() {
  const controller = useController()
  const state = useStore(controller.state)
  const connection = useStore(controller.connection)
  const [busy, setBusy] = useState<string>()
  const [, setVersion] = useState(0)
  const entries = controller.connection.connections().filter((e) => e.status !== 'disconnected')
  const currentId = connection.connectorId
  const run = async (id: string, action: () => Promise<unknown>, failure: (error: Error) => string) => {
    setBusy(id)
    try {
      await action()
    } catch (error) {
      Toast.frame.show(failure(error as Error), 'error')
    } finally {
      setBusy(undefined)
      setVersion((v) => v + 1)
    }
  }
  const currentName = connection.session?.wallet.name
  const current = currentId ? (
    <li className="fd-row fd-profile-current" aria-current="true">
      <Icon src={connection.session?.wallet.icon} label={currentName ?? 'W'} size={36} />
      <span className="fd-row-main">
        <span className="fd-row-title">{currentName ?? currentId}</span>
        <span className="fd-row-sub">{state.address ? Format.truncateAddress(state.address) : ''}</span>
      </span>
      <span className="fd-status">Current</span>
    </li>
  ) : null

  if (!state.features.multiWallet) {
    const alert = Alerts.ALERTS.MULTI_WALLET_NOT_ENABLED
    return (
      <div className="fd-profile">
        <div className="fd-info" role="status">
          <p className="fd-info-title">{alert.shortMessage}</p>
          <p className="fd-alert-detail">{alert.longMessage}</p>
        </div>
        <ul className="fd-rows" aria-label="Wallets">
          {current}
        </ul>
      </div>
    )
  }

  return (
    <div className="fd-profile">
      <ul className="fd-rows" aria-label="Wallets">
        {current}
        {entries
          .filter((entry) => entry.connectorId !== currentId)
          .map((entry) => {
            const name = walletName(entry, controller)
            const info = Info.parse(entry)
            const address = info?.accounts[0]?.address
            const label = labelOf(name, address)
            return (
              <li key={entry.connectorId} className="fd-row">
                <Icon src={info?.wallet.icon} label={name} size={36} />
                <span className="fd-row-main">
                  <span className="fd-row-title">{name}</span>
                  <span className="fd-row-sub">
                    {address ? Format.truncateAddress(address) : 'Connected'}
                  </span>
                </span>
                <button
                  type="button"
                  className="fd-chip"
                  aria-label={`Switch to ${label}`}
                  disabled={busy !== undefined}
                  aria-busy={busy === entry.connectorId}
                  onClick={() =>
                    void run(
                      entry.connectorId,
                      async () => {
                        await controller.connection.activate(entry.connectorId)
                        controller.router.reset('Account')
                      },
                      () => `${name} could not be restored`,
                    )
                  }
                >
                  Switch
                </button>
                <button
                  type="button"
                  className="fd-chip"
                  aria-label={`Delete ${label}`}
                  disabled={busy !== undefined}
                  onClick={() =>
                    void run(
                      entry.connectorId,
                      () => controller.connection.remove(entry.connectorId),
                      // 'Failed to disconnect chains: …' (spec section 8): the wallet could not be told.
                      (error) => error.message,
                    )
                  }
                >
                  Delete
                </button>
              </li>
            )
          })}
      </ul>
      <button
        type="button"
        className="fd-button"
        data-variant="secondary"
        onClick={() => controller.router.push('Connect')}
      >
        Add wallet
      </button>
    </div>
  )
}
