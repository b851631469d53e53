import { randomBytes } from 'node:crypto'
import * as Html from '../social/Html.js'
import type * as Dashboard from './Dashboard.js'

/**
 * The analytics dashboard as one HTML page: charts are inline SVG (no script, no dependency), the
 * layout a single column that reads on a phone and spreads into a grid on a wider screen.
 */

const STYLE = `
:root { color-scheme: light dark; font-family: system-ui, sans-serif; --fg: #18181b; --muted: #71717a; --card: #fff; --bg: #f4f4f5; }
body { margin: 0; background: var(--bg); color: var(--fg); }
header, main { max-width: 64rem; margin: 0 auto; padding: 1rem; }
h1 { font-size: 1.3rem; margin: .5rem 0 0; }
h2 { font-size: 1rem; margin: 0 0 .75rem; }
p { margin: .25rem 0; color: var(--muted); }
main { display: grid; gap: 1rem; grid-template-columns: repeat(auto-fit, minmax(min(100%, 28rem), 1fr)); }
section { background: var(--card); border-radius: .75rem; padding: 1rem; box-shadow: 0 1px 3px #0002; min-width: 0; }
svg { width: 100%; height: auto; display: block; }
svg text { fill: currentColor; font-size: 13px; }
table { width: 100%; border-collapse: collapse; font-size: .85rem; }
th, td { text-align: left; padding: .35rem .25rem; border-bottom: 1px solid #8883; vertical-align: top; overflow-wrap: anywhere; }
.empty { color: var(--muted); }
.legend span { display: inline-block; margin-right: 1rem; font-size: .8rem; }
.legend b { display: inline-block; width: .7rem; height: .7rem; border-radius: .15rem; margin-right: .3rem; vertical-align: -1px; }
.events { background: #2563eb; } .errors { background: #dc2626; }
form { display: grid; gap: .5rem; max-width: 22rem; }
input, button { font: inherit; padding: .6rem .75rem; border-radius: .5rem; border: 1px solid var(--muted); }
button { background: #1d4ed8; color: #fff; border: 0; }
@media (prefers-color-scheme: dark) { :root { --fg: #f4f4f5; --card: #27272a; --bg: #18181b; } }`

const BLUE = '#2563eb'
const RED = '#dc2626'
const GREEN = '#16a34a'

/** A bar per day: events in blue with the day's error reports in red on top. */
export function dayChart(days: Dashboard.Day[]): string {
  const width = 380
  const height = 170
  const top = 16
  const bottom = 24
  const max = Math.max(1, ...days.map((d) => d.events + d.errors))
  const slot = width / Math.max(1, days.length)
  const scale = (n: number) => (n / max) * (height - top - bottom)
  const bars = days
    .map((d, i) => {
      const x = i * slot + slot * 0.15
      const w = slot * 0.7
      const he = scale(d.events)
      const hr = scale(d.errors)
      const base = height - bottom
      const label =
        i % 2 === days.length % 2
          ? ''
          : `<text x="${x + w / 2}" y="${height - 8}" text-anchor="middle">${Html.text(d.day.slice(5))}</text>`
      const total = d.events + d.errors
      return `<g><title>${Html.text(d.day)}: ${d.events} events, ${d.errors} error reports</title>
<rect x="${x}" y="${base - he}" width="${w}" height="${he}" fill="${BLUE}"/>
<rect x="${x}" y="${base - he - hr}" width="${w}" height="${hr}" fill="${RED}"/>
${total ? `<text x="${x + w / 2}" y="${base - he - hr - 3}" text-anchor="middle">${total}</text>` : ''}${label}</g>`
    })
    .join('\n')
  // A margin each side, so the first and last day's labels are not cut.
  return `<svg viewBox="-12 0 ${width + 24} ${height}" role="img" aria-label="Reports per day">${bars}</svg>`
}

/** Horizontal bars, one per row, labelled with the name and the count (and a share when given). */
export function barList(
  rows: { label: string; n: number; share?: number | undefined }[],
  color = BLUE,
): string {
  if (rows.length === 0) return '<p class="empty">Nothing yet.</p>'
  const width = 380
  const row = 26
  const labelWidth = 150
  const max = Math.max(1, ...rows.map((r) => r.n))
  const bars = rows
    .map((r, i) => {
      const y = i * row
      const w = ((width - labelWidth - 80) * r.n) / max
      const share = r.share === undefined ? '' : ` (${Math.round(r.share * 100)}%)`
      return `<g><text x="0" y="${y + 17}">${Html.text(r.label)}</text>
<rect x="${labelWidth}" y="${y + 5}" width="${Math.max(w, r.n ? 2 : 0)}" height="16" rx="3" fill="${color}"/>
<text x="${labelWidth + w + 6}" y="${y + 17}">${r.n}${share}</text></g>`
    })
    .join('\n')
  return `<svg viewBox="0 0 ${width} ${rows.length * row}" role="img">${bars}</svg>`
}

const share = (n: number, of: number) => (of > 0 ? n / of : undefined)

/** The dashboard's page for `projectId`. */
export function render(projectId: string, summary: Dashboard.Summary, now = new Date()) {
  const { funnel } = summary
  const funnelRows = [
    { label: 'Modal opened', n: funnel.opened },
    { label: 'Chose a method', n: funnel.chose, share: share(funnel.chose, funnel.opened) },
    { label: 'Connected', n: funnel.connected, share: share(funnel.connected, funnel.opened) },
  ]
  const methods = summary.perMethod
    .map(
      (m) =>
        `<tr><td>${Html.text(m.method)}</td><td>${m.chose}</td><td>${m.connected}</td><td>${m.failed}</td></tr>`,
    )
    .join('')
  const errors = summary.errors
    .map(
      (r) =>
        `<tr><td>${Html.text(r.at.toISOString().replace('T', ' ').slice(0, 19))}</td><td>${Html.text(r.source)} ${Html.text(r.kind)}</td><td><b>${Html.text(r.name)}</b><br>${Html.text(r.message)}</td></tr>`,
    )
    .join('')
  const body = `<header><h1>Analytics: ${Html.text(projectId)}</h1><p>As of ${Html.text(now.toISOString().slice(0, 16).replace('T', ' '))} UTC</p></header>
<main>
<section aria-labelledby="funnel"><h2 id="funnel">Connect funnel</h2>
${barList(funnelRows, GREEN)}
<p>Failed connects: <b data-testid="failed">${funnel.failed}</b> · attempts: ${funnel.attempted}</p>
${methods ? `<table><thead><tr><th>Method</th><th>Chose</th><th>Connected</th><th>Failed</th></tr></thead><tbody>${methods}</tbody></table>` : ''}
</section>
<section aria-labelledby="days"><h2 id="days">Reports per day (last ${summary.days.length} days)</h2>
<p class="legend"><span><b class="events"></b>events</span><span><b class="errors"></b>error reports</span></p>
${dayChart(summary.days)}
</section>
<section aria-labelledby="kinds"><h2 id="kinds">Events by kind</h2>
${barList(summary.perEvent.map((r) => ({ label: r.event, n: r.n })))}
</section>
<section aria-labelledby="errors"><h2 id="errors">Latest error reports</h2>
${errors ? `<table><thead><tr><th>When (UTC)</th><th>Where</th><th>Error</th></tr></thead><tbody>${errors}</tbody></table>` : '<p class="empty">No error reports.</p>'}
</section>
</main>`
  return page(`Analytics: ${projectId}`, body)
}

/**
 * The page asking for the dashboard's token: a form posting it to `action` in its body (never in the
 * address, which proxy logs and the history keep).
 */
export function login(action: string, projectId: string, wrong: boolean) {
  return page(
    'Analytics',
    `<header><h1>Analytics: ${Html.text(projectId)}</h1>
${wrong ? '<p role="alert">That token does not open this dashboard.</p>' : '<p>Enter the dashboard token the CLI printed (projects set-dashboard-token).</p>'}
<form method="post" action="${Html.text(action)}" enctype="application/x-www-form-urlencoded"><label for="token">Dashboard token</label><input id="token" name="token" type="password" autocomplete="off" required><button>Open</button></form></header>`,
  )
}

function page(title: string, body: string) {
  const nonce = randomBytes(16).toString('base64')
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${Html.text(title)}</title><style nonce="${nonce}">${STYLE}</style></head>
<body>${body}</body></html>`
  return {
    html,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': `default-src 'none'; style-src 'nonce-${nonce}'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
      'cache-control': 'no-store',
      // Not no-referrer: the login form's POST would carry `Origin: null`, and the API checks it.
      'referrer-policy': 'same-origin',
      'x-content-type-options': 'nosniff',
    },
  }
}
