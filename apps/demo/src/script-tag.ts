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
  status.textContent = 'Frontdoor is ready.'
  button.addEventListener('click', () => void frontdoor.open())
  frontdoor.subscribe((state) => {
    status.textContent = state.open ? 'The modal is open.' : `Modal closed (${state.status}).`
  })
}
