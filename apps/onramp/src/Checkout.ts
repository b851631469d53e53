import * as OnrampRule from '@frontdoor/schemas/api/onramp-rules'
import * as Cards from './Cards.js'
import type * as Orders from './Orders.js'

/**
 * The checkout page of an order, rendered on the server with plain forms (no script): the payment
 * form with the test cards, the confirmation step a card may ask for, then the payment's outcome.
 * While the order is pending the page refreshes itself each second until the delivery is mined.
 */

/** Escapes text for HTML. */
export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  )
}

/** The page's headings, one per state. */
export const HEADINGS = {
  pay: 'Pay',
  confirm: 'Confirm your payment',
  pending: 'Payment accepted',
  completed: 'Purchase complete',
  failed: 'Payment failed',
} as const

/** The field values a refused form is shown again with (never the card number's CVC). */
export type Form = { number?: string; expiry?: string; error?: string }

const STYLE = `
:root{color-scheme:light;font-family:system-ui,sans-serif;background:#f4f5f7;color:#111}
main{max-width:420px;margin:24px auto;background:#fff;border-radius:16px;padding:24px;box-shadow:0 2px 12px #0002}
h1{font-size:1.3rem;margin:0 0 4px}h2{font-size:1.05rem}
.brand{color:#555;margin:0 0 16px}dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;margin:0 0 16px}
dt{color:#555}dd{margin:0;text-align:right;font-variant-numeric:tabular-nums;overflow-wrap:anywhere}
label{display:block;margin:12px 0 4px;font-weight:600}input{width:100%;box-sizing:border-box;padding:10px;font-size:1rem;border:1px solid #999;border-radius:8px}
.row{display:flex;gap:12px}.row>div{flex:1}
button{margin-top:16px;width:100%;padding:12px;font-size:1rem;border:0;border-radius:10px;background:#1652f0;color:#fff;cursor:pointer}
button.secondary{background:#e6e8ec;color:#111}
[role=alert]{background:#fde8e8;color:#8a1111;border-radius:8px;padding:10px;margin:12px 0}
.ok{background:#e6f6ea;color:#0d5b22;border-radius:8px;padding:10px}
.cards{font-size:.9rem;color:#333}code{font-size:.95rem}
`

/**
 * The script of the completed page: the checkout window closes itself once the purchase is delivered
 * (the modal opened it without an opener, so it cannot close it; a window a script opened may close
 * itself, any other ignores it). Served as a file: the CSP allows no inline script.
 */
export const CLOSE_SCRIPT = 'window.close()\n'

function page(title: string, body: string, refresh: boolean, close = false): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
${refresh ? '<meta http-equiv="refresh" content="1">' : ''}
<title>${escapeHtml(title)}</title><link rel="stylesheet" href="/checkout.css">${close ? '<script src="/checkout-close.js" defer></script>' : ''}</head>
<body><main>${body}</main></body></html>`
}

/** The stylesheet of every checkout page (served as a file: the CSP allows no inline style). */
export const CSS = STYLE.trim()

function summary(order: Orders.Entry): string {
  const q = order.quote
  const provider = OnrampRule.PROVIDERS[q.provider].name
  return `<p class="brand">${escapeHtml(provider)} · sandbox</p>
<dl>
<dt>You pay</dt><dd>${escapeHtml(q.paymentTotal.amount)} ${escapeHtml(q.paymentTotal.currency)}</dd>
<dt>${escapeHtml(provider)} fee</dt><dd>${escapeHtml(q.providerFee.amount)} ${escapeHtml(q.providerFee.currency)}</dd>
<dt>Network fee</dt><dd>${escapeHtml(q.networkFee.amount)} ${escapeHtml(q.networkFee.currency)}</dd>
<dt>You get</dt><dd>${escapeHtml(q.purchaseAmount.amount)} ${escapeHtml(q.purchaseAmount.currency)}</dd>
<dt>To</dt><dd><code>${escapeHtml(order.address)}</code></dd>
<dt>Network</dt><dd>${escapeHtml(q.network)}</dd>
</dl>`
}

function payForm(order: Orders.Entry, form: Form): string {
  const error = form.error ? `<p role="alert" id="card-error">${escapeHtml(form.error)}</p>` : ''
  const described = form.error ? ' aria-describedby="card-error" aria-invalid="true"' : ''
  const cards = Object.entries(Cards.TEST_CARDS)
    .map(
      ([number, card]) =>
        `<li><code>${number.replace(/(\d{4})(?=\d)/g, '$1 ')}</code>: ${escapeHtml(card.label)}</li>`,
    )
    .join('')
  return `<h1>${HEADINGS.pay}</h1>${summary(order)}
<form method="post" action="/checkout/${escapeHtml(order.id)}/pay" novalidate>
${error}
<label for="number">Card number</label>
<input id="number" name="number" inputmode="numeric" autocomplete="cc-number" required value="${escapeHtml(form.number ?? '')}"${described}>
<div class="row"><div><label for="expiry">Expiry (MM/YY)</label>
<input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="MM/YY" required value="${escapeHtml(form.expiry ?? '')}"></div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required></div></div>
<button type="submit">Pay ${escapeHtml(order.quote.paymentTotal.amount)} ${escapeHtml(order.quote.paymentTotal.currency)}</button>
</form>
<section class="cards" aria-labelledby="test-cards"><h2 id="test-cards">Test cards</h2>
<p>Any future expiry and any 3-digit CVC.</p><ul>${cards}</ul></section>`
}

function confirmStep(order: Orders.Entry): string {
  const action = `/checkout/${escapeHtml(order.id)}/confirm`
  return `<h1>${HEADINGS.confirm}</h1>${summary(order)}
<p>Your bank asks you to confirm this payment of ${escapeHtml(order.quote.paymentTotal.amount)} ${escapeHtml(order.quote.paymentTotal.currency)}.</p>
<form method="post" action="${action}"><input type="hidden" name="decision" value="confirm"><button type="submit">Confirm payment</button></form>
<form method="post" action="${action}"><input type="hidden" name="decision" value="cancel"><button type="submit" class="secondary">Cancel payment</button></form>`
}

/**
 * The checkout page of `order` in its current state; `form` refills a refused payment form.
 *
 * @example
 * c.html(Checkout.render(order))
 */
export function render(order: Orders.Entry, form: Form = {}): string {
  const q = order.quote
  switch (order.status) {
    case 'created':
      return order.awaitingConfirmation
        ? page(HEADINGS.confirm, confirmStep(order), false)
        : page(HEADINGS.pay, payForm(order, form), false)
    case 'pending':
      return page(
        HEADINGS.pending,
        `<h1>${HEADINGS.pending}</h1>${summary(order)}<p role="status">Sending ${escapeHtml(q.purchaseAmount.amount)} ${escapeHtml(q.purchaseAmount.currency)} to your wallet…</p>`,
        true,
      )
    case 'completed':
      return page(
        HEADINGS.completed,
        `<h1>${HEADINGS.completed}</h1>${summary(order)}<p class="ok" role="status">${escapeHtml(q.purchaseAmount.amount)} ${escapeHtml(q.purchaseAmount.currency)} sent. You can close this window.</p>
<dl><dt>Transaction</dt><dd><code>${escapeHtml(order.txHash ?? '')}</code></dd></dl>`,
        false,
        true,
      )
    case 'failed':
      return page(
        HEADINGS.failed,
        `<h1>${HEADINGS.failed}</h1>${summary(order)}<p role="alert">${escapeHtml(order.failureReason ?? 'The payment failed.')}</p><p>Nothing was charged. Close this window and start again.</p>`,
        false,
      )
  }
}

/** The page of an order that does not exist. */
export function notFound(): string {
  return page('Order not found', '<h1>Order not found</h1><p>This checkout link is not valid.</p>', false)
}
