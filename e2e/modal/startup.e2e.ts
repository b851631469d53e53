import { expect, type Route, test } from '@playwright/test'
import * as Pages from './pages.js'

const { DEMO_URL, MODAL_URL } = Pages.addresses

// The page and the modal shake hands as soon as the frame's entry runs. Neither side waits for the
// rest of the frame: not for the chunks it fetches for its UI (React and the views), nor for its
// `load` event (which the host SDK once waited for, and which waits for every subresource of the
// frame's document: on a real network, long after the entry).
test("frontdoor is ready while the frame's React chunk and its document's last image are still loading; the Connect view shows once they arrive", async ({
  page,
}) => {
  // The page records its iframe's load event (on the document: a load event never reaches the window).
  await page.addInitScript(() => {
    document.addEventListener(
      'load',
      (event) => {
        if ((event.target as Element | null)?.tagName === 'IFRAME')
          (window as unknown as { frameLoaded: boolean }).frameLoaded = true
      },
      true,
    )
  })
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  const held: string[] = []
  // React's chunk (told by its error URL) is held until the test releases it.
  await page.route(`${MODAL_URL}/assets/*.js`, async (route: Route) => {
    const response = await route.fetch()
    const body = await response.text()
    if (body.includes('react.dev/errors')) {
      held.push('react')
      await released
    }
    await route.fulfill({ response, body })
  })
  // The frame's document gets one more image, held too: the frame's load event waits for it.
  const HELD_IMAGE = '/e2e-held-image.png'
  await page.route(
    (url) => url.origin === MODAL_URL && url.pathname === '/',
    async (route) => {
      const response = await route.fetch()
      const html = (await response.text()).replace('</body>', `<img src="${HELD_IMAGE}" alt=""></body>`)
      const { 'content-length': _length, 'content-encoding': _encoding, ...headers } = response.headers()
      await route.fulfill({ status: response.status(), headers, body: html })
    },
  )
  await page.route(`${MODAL_URL}${HELD_IMAGE}`, async (route) => {
    held.push('image')
    await released
    await route.fulfill({ status: 404, body: '' })
  })

  // Not until `load`: the page's load waits for its iframe's.
  await page.goto(`${DEMO_URL}/script-tag.html`, { waitUntil: 'domcontentloaded' })
  await page.waitForFunction(() => performance.getEntriesByName('frontdoor:ready').length > 0)
  // Ready while both are held, and before the frame's load.
  expect(held.sort()).toEqual(['image', 'react'])
  expect(
    await page.evaluate(() => (window as unknown as { frameLoaded?: boolean }).frameLoaded),
  ).toBeUndefined()

  release()
  await page.waitForFunction(() => (window as unknown as { frameLoaded?: boolean }).frameLoaded)
  await page.getByRole('button', { name: 'Connect', exact: true }).click()
  await Pages.expectConnectShown(page)
  // Chunks still in flight when the test ends (the wallet images' views) are let go.
  await page.unrouteAll({ behavior: 'ignoreErrors' })
})
