import { expect, type Route, test } from '@playwright/test'
import * as Pages from './pages.js'

const { DEMO_URL, MODAL_URL } = Pages.addresses

// The page and the modal shake hands as soon as the frame's entry runs. Neither side waits for the
// chunks the frame fetches for its UI (React and the views): on a real network they arrive well after
// the entry, and the frame's `load` event (which the host SDK once waited for) waits for them.
test("frontdoor is ready while the frame's React chunk is still loading; the Connect view shows once it arrives", async ({
  page,
}) => {
  // The page records its iframe's load event.
  await page.addInitScript(() => {
    addEventListener(
      'load',
      (event) => {
        if ((event.target as Element | null)?.tagName === 'IFRAME')
          (window as unknown as { frameLoaded: boolean }).frameLoaded = true
      },
      true,
    )
  })
  // React's chunk (told by its error URL) is held until the test releases it.
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  const held: string[] = []
  await page.route(`${MODAL_URL}/assets/*.js`, async (route: Route) => {
    const response = await route.fetch()
    const body = await response.text()
    if (body.includes('react.dev/errors')) {
      held.push(route.request().url())
      await released
    }
    await route.fulfill({ response, body })
  })

  // Not until `load`: the page's load waits for its iframe's.
  await page.goto(`${DEMO_URL}/script-tag.html`, { waitUntil: 'domcontentloaded' })
  await page.waitForFunction(() => performance.getEntriesByName('frontdoor:ready').length > 0)
  // Ready, while React is held and the frame has not loaded.
  expect(held).toHaveLength(1)
  expect(
    await page.evaluate(() => (window as unknown as { frameLoaded?: boolean }).frameLoaded),
  ).toBeUndefined()

  release()
  await page.getByRole('button', { name: 'Connect', exact: true }).click()
  await Pages.expectConnectShown(page)
  // Chunks still in flight when the test ends (the wallet images' views) are let go.
  await page.unrouteAll({ behavior: 'ignoreErrors' })
})
