import * as Log from '@frontdoor/protocol/log'

/** iframe attributes of ARCHITECTURE.md section 3. */
const SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox'
const ALLOW = 'clipboard-write; publickey-credentials-get; publickey-credentials-create'
const TITLE = 'Frontdoor: connect a wallet'

// A closed dialog stays laid out (invisible, inert), so the preloaded frame keeps its size and open()
// only paints. Constructed style sheets are CSSOM, so a page CSP without 'unsafe-inline' styles still applies them.
const CSS = `
.frontdoor-dialog{position:fixed;inset:0;width:100vw;height:100dvh;max-width:none;max-height:none;margin:0;padding:0;border:0;background:transparent;overflow:hidden;color-scheme:normal}
.frontdoor-dialog:not([open]){display:block;visibility:hidden;pointer-events:none}
.frontdoor-dialog::backdrop{background:rgb(0 0 0/.45)}
.frontdoor-frame{display:block;width:100%;height:100%;border:0;background:transparent;color-scheme:normal}
html.frontdoor-scroll-lock{overflow:hidden!important}
`

let sheet: CSSStyleSheet | undefined
function adoptStyles() {
  if (sheet) return
  sheet = new CSSStyleSheet()
  sheet.replaceSync(CSS)
  if (Array.isArray(document.adoptedStyleSheets))
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet]
  else {
    const style = document.createElement('style')
    style.textContent = CSS
    document.head.append(style)
  }
}

/** The modal iframe (preloaded at create time). */
export function iframe(src: string): HTMLIFrameElement {
  adoptStyles()
  const frame = document.createElement('iframe')
  frame.className = 'frontdoor-frame'
  frame.setAttribute('sandbox', SANDBOX)
  frame.setAttribute('allow', ALLOW)
  frame.title = TITLE
  frame.src = src
  return frame
}

/**
 * The `<dialog>` holding the modal iframe. `show()` uses showModal() (top layer, inert page), locks
 * page scroll and remembers the focused element; `hide()` gives focus back. Escape on the dialog and
 * a click on its backdrop call `onDismiss`.
 */
export function create(frame: HTMLIFrameElement, onDismiss: () => void) {
  const dialog = document.createElement('dialog')
  dialog.className = 'frontdoor-dialog'
  dialog.setAttribute('aria-label', 'Connect a wallet')
  dialog.append(frame)
  dialog.inert = true
  let previousFocus: Element | null = null
  dialog.addEventListener('cancel', (event) => {
    event.preventDefault()
    onDismiss()
  })
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) onDismiss()
  })
  return {
    element: dialog,
    show() {
      if (dialog.open) return
      previousFocus = document.activeElement
      document.documentElement.classList.add('frontdoor-scroll-lock')
      dialog.inert = false
      if (dialog.isConnected) dialog.showModal()
      frame.focus()
    },
    hide() {
      if (!dialog.open) return
      dialog.close()
      dialog.inert = true
      document.documentElement.classList.remove('frontdoor-scroll-lock')
      if (previousFocus instanceof HTMLElement && previousFocus.isConnected) previousFocus.focus()
      previousFocus = null
    },
  }
}

/**
 * Tells the developer exactly what to allow when the page's CSP blocks the modal frame.
 * Returns a function that stops listening.
 */
export function watchCsp(modalOrigin: string): () => void {
  const onViolation = (event: SecurityPolicyViolationEvent) => {
    const directive = event.effectiveDirective
    if (
      (directive === 'frame-src' || directive === 'child-src') &&
      event.blockedURI.startsWith(modalOrigin)
    ) {
      Log.error(
        `Frontdoor: this page's Content-Security-Policy blocks the modal frame. Add ${modalOrigin} to frame-src, e.g. "frame-src ${modalOrigin}".`,
      )
    }
  }
  document.addEventListener('securitypolicyviolation', onViolation)
  return () => document.removeEventListener('securitypolicyviolation', onViolation)
}
