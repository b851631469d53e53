import { expect, test } from '@playwright/test'
import * as Pages from './pages.js'

const { DEMO_URL, MODAL_URL } = Pages.addresses

// The page and the modal shake hands as soon as the frame's entry runs: the host SDK does not wait
// for the frame's `load` event, which waits for every subresource of the frame's document (on a real
// network, long after the entry has run).
test("frontdoor is ready before the frame's load (its document's last image held); the Connect view shows once it arrives", async ({
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
  // The frame's document gets one more image, held: the frame's load event waits for it.
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
  // Ready while the image is held, before the frame's load.
  expect(held).toEqual(['image'])
  expect(
    await page.evaluate(() => (window as unknown as { frameLoaded?: boolean }).frameLoaded),
  ).toBeUndefined()

  release()
  await page.waitForFunction(() => (window as unknown as { frameLoaded?: boolean }).frameLoaded)
  await page.getByRole('button', { name: 'Connect', exact: true }).click()
  await Pages.expectConnectShown(page)
})
