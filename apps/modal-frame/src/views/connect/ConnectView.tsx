import { Fragment } from 'react'
import * as WalletFilters from '../../api/WalletFilters.js'
import { useController } from '../../controller/context.js'
import * as SocialPopup from '../../social/Popup.js'
import { useStore } from '../../store/useStore.js'
import { EmailInput } from './EmailInput.js'
import { Socials } from './Socials.js'
import { type Row, WalletList } from './WalletList.js'
import * as WalletRows from './WalletRows.js'

const WALLETCONNECT_ICON = (
  <svg viewBox="0 0 40 40" aria-hidden="true" className="fd-wc-icon">
    <rect width="40" height="40" rx="10" />
    <path d="M12.5 16.2c4.1-4 10.9-4 15 0l.5.5c.2.2.2.5 0 .7l-1.7 1.7c-.1.1-.3.1-.4 0l-.7-.7c-2.9-2.8-7.5-2.8-10.4 0l-.7.7c-.1.1-.3.1-.4 0L12 17.4c-.2-.2-.2-.5 0-.7zm18.5 3.5 1.5 1.5c.2.2.2.5 0 .7l-6.8 6.7c-.2.2-.5.2-.7 0l-4.8-4.7c0-.1-.1-.1-.2 0l-4.8 4.7c-.2.2-.5.2-.7 0L7.6 21.9c-.2-.2-.2-.5 0-.7l1.5-1.5c.2-.2.5-.2.7 0l4.8 4.7c.1.1.1.1.2 0l4.8-4.7c.2-.2.5-.2.7 0l4.8 4.7c.1.1.1.1.2 0l4.8-4.7c.2-.2.5-.2.7 0z" />
  </svg>
)

const GRID_ICON = (
  <svg viewBox="0 0 40 40" aria-hidden="true" className="fd-grid-icon">
    <rect width="40" height="40" rx="10" />
    <circle cx="15" cy="15" r="3.5" />
    <circle cx="25" cy="15" r="3.5" />
    <circle cx="15" cy="25" r="3.5" />
    <circle cx="25" cy="25" r="3.5" />
  </svg>
)

const image = (src: string | undefined, name: string) =>
  src ? (
    <img src={src} alt="" width={40} height={40} decoding="async" />
  ) : (
    <span aria-hidden="true">{name[0]}</span>
  )

/** The Connect view: the connect methods in the configured order (email, social, wallet by default). */
export function ConnectView() {
  const controller = useController()
  const state = useStore(controller.state)
  const { features } = state
  const { router } = controller

  const rows: Row[] = [
    ...WalletRows.walletRows({ ...state, filters: WalletFilters.filtersOf(state.host?.info) }).map((row) => ({
      key: row.key,
      name: row.name,
      icon: image(row.image, row.name),
      tag: row.tag,
      onPick: () => router.pushTarget(row.target),
      onHint: row.walletConnect ? controller.prefetchWalletConnect : undefined,
    })),
    {
      key: 'walletconnect',
      name: 'WalletConnect',
      icon: WALLETCONNECT_ICON,
      tag: 'QR Code',
      onPick: () => router.push('ConnectingWalletConnect'),
      onHint: controller.prefetchWalletConnect,
    },
  ]
  if (features.allWallets) {
    rows.push({
      key: 'all',
      name: 'All Wallets',
      icon: GRID_ICON,
      tag:
        state.walletCount > 0
          ? `${state.walletCount > 10 ? `${Math.floor(state.walletCount / 10) * 10}+` : state.walletCount}`
          : undefined,
      onPick: () => router.push('AllWallets'),
    })
  }

  const sections = features.connectMethodsOrder.filter((method) =>
    method === 'email' ? features.email : method === 'social' ? features.socials.length > 0 : true,
  )
  return (
    <div className="fd-connect">
      {sections.map((method, index) => (
        <Fragment key={method}>
          {index > 0 ? (
            <div className="fd-separator" aria-hidden="true">
              <span>or</span>
            </div>
          ) : null}
          {method === 'email' ? (
            <EmailInput
              autoFocus={index === 0}
              onSubmit={(email) => router.push('EmailLogin', { email })}
              onHint={controller.preloadEmbedded}
            />
          ) : method === 'social' ? (
            <Socials
              socials={features.socials}
              onHint={controller.preloadEmbedded}
              onPick={(social) =>
                // The popup opens in this click's task (no await before window.open), or browsers block it.
                social === 'farcaster'
                  ? router.push('ConnectingFarcaster', { social })
                  : SocialPopup.start(controller, social)
              }
            />
          ) : (
            <WalletList rows={rows} autoFocus={index === 0} />
          )}
        </Fragment>
      ))}
    </div>
  )
}
