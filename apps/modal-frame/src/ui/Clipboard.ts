import * as Toast from './Toast.js'

/** Copies the address to the clipboard, with a toast either way. */
export async function copyAddress(address: string, toasts: Toast.Toasts = Toast.frame) {
  try {
    await navigator.clipboard.writeText(address)
    toasts.show('Address copied', 'success')
  } catch {
    toasts.show('Could not copy the address', 'error')
  }
}
