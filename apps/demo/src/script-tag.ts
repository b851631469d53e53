// Wires the button of the script-tag page to window.frontdoor (set by sdk.js).
import type * as HostSdk from '@frontdoor/host-sdk'

declare global {
  interface Window {
    frontdoor?: HostSdk.Frontdoor
  }
}

const button = document.getElementById('connect') as HTMLButtonElement
const status = document.getElementById('status') as HTMLParagraphElement
const frontdoor = window.frontdoor
if (!frontdoor) status.textContent = 'Frontdoor did not load: is the modal frame running?'
else {
  const show = (state: HostSdk.State) => {
    status.textContent = `Frontdoor is ready: the modal is ${state.open ? 'open' : 'closed'} (${state.status}).`
  }
  show(frontdoor.getState())
  frontdoor.subscribe(show)
  button.addEventListener('click', () => void frontdoor.open())
}
