import { createFrontdoor } from '@frontdoor/host-sdk'
import { NETWORKS } from './networks.js'

export { NETWORKS }

/** The page's theme at load: the system preference. */
export function initialTheme(): 'light' | 'dark' {
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'
}
document.documentElement.dataset.theme = initialTheme()

/** The demo's one Frontdoor instance (created once, in the browser). */
export const frontdoor = createFrontdoor({
  projectId: 'demo',
  networks: NETWORKS,
  metadata: {
    name: 'Frontdoor demo',
    description: 'The host web application that embeds Frontdoor',
    url: location.origin,
  },
  modalUrl: import.meta.env.VITE_MODAL_URL,
  themeMode: initialTheme(),
})
