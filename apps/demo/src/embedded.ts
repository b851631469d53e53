// The embedded (inline) demo: the modal lives inside #frontdoor, themed with the page's accent.
import { createFrontdoor } from '@frontdoor/host-sdk'
import { NETWORKS } from './networks.js'

createFrontdoor({
  projectId: 'demo',
  networks: NETWORKS,
  metadata: { name: 'Frontdoor demo (embedded)', url: location.origin },
  modalUrl: import.meta.env.VITE_MODAL_URL,
  container: document.getElementById('frontdoor')!,
  themeVariables: { accent: '#0f7b5f', radius: 16 },
})
