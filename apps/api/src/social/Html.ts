import { randomBytes } from 'node:crypto'

/**
 * The small server-rendered pages of the login flows (the popup's result, the dev provider's sign-in,
 * the dev Farcaster approval): escaping, one stylesheet, and a strict CSP whose only script and style
 * are the page's own, allowed by a per-response nonce.
 */

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** Escapes a string for HTML content and quoted attribute values. */
export function text(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char)
}

/** A value as a JavaScript literal that is safe inside an inline `<script>`. */
export function scriptLiteral(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

const STYLE = `
:root { color-scheme: light dark; font-family: system-ui, sans-serif; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f4f4f5; color: #18181b; }
main { width: min(22rem, calc(100vw - 2rem)); padding: 1.5rem; border-radius: 1rem; background: #fff; box-shadow: 0 1px 4px #0002; }
h1 { font-size: 1.25rem; margin: 0 0 .5rem; }
p { margin: 0 0 1rem; line-height: 1.4; }
form { display: grid; gap: .5rem; margin: 0 0 .75rem; }
label { font-weight: 600; }
input { font: inherit; padding: .6rem .75rem; border: 1px solid #71717a; border-radius: .5rem; }
button { font: inherit; padding: .6rem .75rem; border: 0; border-radius: .5rem; background: #1d4ed8; color: #fff; cursor: pointer; }
button.secondary { background: transparent; color: inherit; border: 1px solid #71717a; }
:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
.error { color: #b91c1c; font-weight: 600; }
@media (prefers-color-scheme: dark) {
  body { background: #18181b; color: #f4f4f5; }
  main { background: #27272a; }
  .error { color: #fca5a5; }
}`

/** A page to render. */
export type Page = {
  title: string
  /** The HTML of `<main>` (escape what is not yours). */
  body: string
  /** An inline script (it runs under the page's nonce). */
  script?: string
}

/**
 * The document and its response headers: CSP, no caching, and no referrer to other origins (the callback
 * URL carries a code; a same-origin form post still sends its Origin, which the approval page checks).
 *
 * @example
 * const { html, headers } = Html.render({ title: 'Sign in', body: '<h1>Sign in</h1>' })
 */
export function render(page: Page): { html: string; headers: Record<string, string> } {
  const nonce = randomBytes(16).toString('base64')
  const script = page.script ? `<script nonce="${nonce}">${page.script}</script>` : ''
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${text(page.title)}</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body>
<main>${page.body}</main>
${script}
</body>
</html>`
  return {
    html,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
      'cache-control': 'no-store',
      'referrer-policy': 'same-origin',
      'x-content-type-options': 'nosniff',
    },
  }
}
