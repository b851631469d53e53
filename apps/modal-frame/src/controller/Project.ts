import type * as HostModal from '@frontdoor/protocol/host-modal'
import * as Api from '../api/Api.js'
import * as WalletFilters from '../api/WalletFilters.js'
import * as Features from '../features/Features.js'
import type * as State from './State.js'

/**
 * The project's configuration as the modal reads it once the host page is allowed: the remote config
 * (`/appkit/v1/config`), resolved with the page's local feature options into the features the views
 * show, and the directory's first wallets (`/getWallets`) for the Connect view.
 */

/** What loading needs: where the API is and the state to fill. */
export type Options = {
  apiUrl: string
  projectId: string
  state: State.StateStore
  /** Where the 'Local configuration ignored' warning goes (the console). */
  warn?: (message: string) => void
}

/**
 * Loads the features (remote config first, then `local`, then the defaults), then the featured and
 * recommended wallets. A failed read leaves the defaults (features) or no wallets; it never throws.
 */
export async function load(options: Options, local: HostModal.Features | undefined): Promise<void> {
  const { apiUrl, projectId, state } = options
  // The Connect view's wallets load in a chunk of their own, fetched while the config is read.
  const recommended = import('../api/Recommended.js')
  const remote = await Api.remoteConfig(apiUrl, projectId).catch(() => undefined)
  const { features, warning, ignored } = Features.resolve(remote, local)
  if (warning)
    (options.warn ?? console.warn)(`${warning}: ${ignored.join(', ')} come from the project configuration`)
  state.set((s) => ({ ...s, features, featuresReady: true }))
  const page = await recommended
    .then((Recommended) =>
      Recommended.load(
        (query) => Api.wallets(apiUrl, projectId, query),
        WalletFilters.filtersOf(state.get().host?.info),
      ),
    )
    .catch(() => undefined)
  if (page) state.set((s) => ({ ...s, wallets: page.data, walletCount: page.count }))
}
