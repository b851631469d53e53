// The one-line page of the stack's scale profile, on DEMO_URL: sdk.js from the edge (MODAL_URL) with
// the seeded `demo` project, and a Connect button. What a website does; the demo site itself bakes
// the default profile's addresses into its build.
import { createServer } from 'node:http'
import * as Addresses from '@frontdoor/protocol/addresses'

const addresses = Addresses.from(process.env)
const escapeAttr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <link rel="icon" href="data:," />
    <title>Frontdoor through the edge</title>
  </head>
  <body>
    <h1>Frontdoor through the edge</h1>
    <p><button type="button" id="connect">Connect</button></p>
    <script src="${escapeAttr(addresses.MODAL_URL)}/sdk.js" data-project-id="demo" data-chain-ids="31337,31338"></script>
    <script>document.getElementById('connect').addEventListener('click', () => window.frontdoor.open())</script>
  </body>
</html>
`
const server = createServer((request, response) => {
  const path = new URL(request.url ?? '/', 'http://page').pathname
  if (path !== '/') {
    response.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found')
    return
  }
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
  response.end(page)
})
const url = new URL(addresses.DEMO_URL)
// `localhost` may resolve to 127.0.0.1 or ::1: listen on the loopback addresses that exist.
const hosts = url.hostname === 'localhost' ? ['127.0.0.1', '::1'] : [url.hostname.replace(/^\[|\]$/g, '')]
for (const [index, host] of hosts.entries()) {
  const listener = index === 0 ? server : createServer((req, res) => server.emit('request', req, res))
  listener.on('error', (error) => {
    if (index === 0) throw error
    console.log(`page: not listening on ${host} (${(error as Error).message})`)
  })
  listener.listen(Addresses.port(addresses.DEMO_URL), host)
}
console.log(`page: serving ${addresses.DEMO_URL} (sdk.js from ${addresses.MODAL_URL})`)
