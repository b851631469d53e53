import { expect, test } from '@playwright/test'
import { generatePrivateKey } from 'viem/accounts'
import * as Pages from '../modal/pages.js'
import * as Injected from '../wallets/injected.js'
import * as Siwx from './siwx.js'

let site: { url: string; close: () => Promise<void> }
test.beforeAll(async () => {
  site = await Siwx.serve()
})
test.afterAll(async () => {
  await site.close()
})

test.describe('sign in with the wallet (SIWX), injected wallet', () => {
  test('optional: SIWXSignMessage opens after connect; a decline keeps it with its error; signed, the modal closes and the page, the API and viem agree on the session; revoke; a reload asks again', async ({
    page,
  }) => {
    test.setTimeout(90_000)
    // A fresh key: the API's sessions outlive a run.
    const wallet = await Injected.install(page, { privateKey: generatePrivateKey(), name: 'Siwx Wallet' })
    await Siwx.open(page, site.url, 'optional')
    expect(await Siwx.apiSessions('eip155:31337', wallet.address)).toEqual([])

    await Siwx.call(page, 'open')
    await Pages.expectConnectShown(page)
    await Pages.modal(page).getByRole('button', { name: wallet.name }).click()
    // Connected, no session: the sign-in view opens instead of the modal closing.
    await Siwx.expectSignIn(page)
    expect((await Siwx.state(page)).status).toBe('connected')
    expect((await Siwx.state(page)).siwxSession).toBeUndefined()
    await Siwx.shot(page, 'injected-sign-in')

    // Declined in the wallet: the view stays, with the spec's error; nothing is stored.
    wallet.answerNext('personal_sign', 'reject')
    await Pages.modal(page).getByRole('button', { name: 'Sign', exact: true }).click()
    await expect(Pages.modal(page).getByRole('alert')).toHaveText('Signature declined')
    await Siwx.expectSignIn(page)
    expect(await Siwx.apiSessions('eip155:31337', wallet.address)).toEqual([])
    await Siwx.shot(page, 'injected-declined')

    // Signed: the modal closes, the page has the session, the API has the same one.
    await Pages.modal(page).getByRole('button', { name: 'Sign', exact: true }).click()
    await Pages.expectClosed(page)
    await expect
      .poll(async () => (await Siwx.state(page)).siwxSession?.signature)
      .toMatch(/^0x[0-9a-f]{130}$/)
    const session = (await Siwx.state(page)).siwxSession!
    expect(session.data).toMatchObject({
      accountAddress: wallet.address,
      chainId: 'eip155:31337',
      domain: new URL(site.url).host,
      uri: site.url,
      version: '1',
    })
    const stored = await Siwx.apiSessions('eip155:31337', wallet.address)
    expect(stored).toHaveLength(1)
    // The API's public read says the same but for the signature, which only the page holds.
    Siwx.expectReadOf(stored[0]!, session)
    // The spec's GET /v1/sessions/{id} answers the same session by its id.
    const id = stored[0]!.id
    const byId = await Siwx.apiSession(id)
    expect(byId).toEqual({ status: 200, body: stored[0] })
    Siwx.expectReadOf(byId.body, session)
    expect(byId.body.session).toMatchObject({
      message: session.message,
      data: {
        accountAddress: session.data.accountAddress,
        chainId: 'eip155:31337',
        nonce: session.data.nonce,
      },
    })
    // An outside client agrees: viem parses the EIP-4361 message and verifies its signature.
    const outside = await Siwx.verifiedByViem(session)
    expect(outside.parsed).toMatchObject({
      address: wallet.address,
      chainId: 31337,
      nonce: session.data.nonce,
    })
    expect(outside.valid).toBe(true)
    // The wallet signed exactly that text.
    const signs = wallet.requests.filter((r) => r.method === 'personal_sign')
    expect(signs).toHaveLength(2)
    await Siwx.shot(page, 'injected-signed')

    // Opening again: the Account view, no sign-in (a session exists).
    await Siwx.call(page, 'open')
    await expect(Pages.modal(page).getByRole('heading', { name: 'Account' })).toBeVisible()
    await Pages.modal(page).getByRole('button', { name: 'Close' }).click()
    await Pages.expectClosed(page)

    // The page revokes (the default siwx posts {pci, signature} to POST /v1/sessions/{id}/revoke):
    // gone from its state and from the API, by account and by id.
    await Siwx.revoke(page, 'eip155:31337', wallet.address)
    expect((await Siwx.state(page)).siwxSession).toBeUndefined()
    expect(await Siwx.apiSessions('eip155:31337', wallet.address)).toEqual([])
    expect((await Siwx.apiSession(id)).status).toBe(404)

    // A reload reconnects the wallet; with no session stored, the sign-in view opens by itself.
    await page.reload()
    await page.waitForFunction(() => (window as unknown as { frontdoor?: unknown }).frontdoor !== undefined)
    await Siwx.expectSignIn(page)
    // Optional: Cancel closes the modal and the wallet stays connected.
    await Pages.modal(page).getByRole('button', { name: 'Cancel' }).click()
    await Pages.expectClosed(page)
    expect((await Siwx.state(page)).status).toBe('connected')
  })

  test('required: the modal cannot be closed on the sign-in view (it shakes); cancel with no session disconnects; signed on one network, cancel on another switches back', async ({
    page,
  }) => {
    test.setTimeout(90_000)
    const wallet = await Injected.install(page, { privateKey: generatePrivateKey(), name: 'Siwx Wallet' })
    await Siwx.open(page, site.url, 'required')
    const modal = Pages.modal(page)

    await Siwx.call(page, 'open')
    await modal.getByRole('button', { name: wallet.name }).click()
    await Siwx.expectSignIn(page)
    // Neither the close button nor Escape closes it: the card shakes and the view stays.
    const card = modal.locator('.fd-card')
    await expect(card).toHaveAttribute('data-shake', 'false')
    await modal.getByRole('button', { name: 'Close' }).click()
    await expect(card).toHaveAttribute('data-shake', 'true')
    await page.keyboard.press('Escape')
    await Siwx.expectSignIn(page)
    await Siwx.shot(page, 'injected-required')

    // Cancel with no session anywhere: the wallet disconnects and the modal closes.
    await modal.getByRole('button', { name: 'Cancel' }).click()
    await Pages.expectClosed(page)
    await expect.poll(async () => (await Siwx.state(page)).status).toBe('disconnected')

    // Connect and sign on 31337.
    await Siwx.call(page, 'open')
    await modal.getByRole('button', { name: wallet.name }).click()
    await Siwx.expectSignIn(page)
    await modal.getByRole('button', { name: 'Sign', exact: true }).click()
    await Pages.expectClosed(page)
    await expect.poll(async () => (await Siwx.state(page)).siwxSession?.data.chainId).toBe('eip155:31337')

    // The page moves to 31338, where there is no session: the sign-in view opens.
    await Siwx.call(page, 'switchNetwork', 31338)
    await Siwx.expectSignIn(page)
    expect(wallet.chainId()).toBe(31338)
    // Cancel: back to 31337, where the session is; the modal closes, the wallet stays connected.
    await modal.getByRole('button', { name: 'Cancel' }).click()
    await Pages.expectClosed(page)
    expect(wallet.chainId()).toBe(31337)
    expect(await Siwx.state(page)).toMatchObject({ status: 'connected', chainId: 31337 })
    expect(await Siwx.apiSessions('eip155:31337', wallet.address)).toHaveLength(1)

    // The page revokes its session (frontdoor.siwx.revokeSession) while the modal is closed: opening
    // the modal shows the sign-in view again, and it may not be closed.
    await Siwx.revoke(page, 'eip155:31337', wallet.address)
    expect(await Siwx.apiSessions('eip155:31337', wallet.address)).toEqual([])
    await Siwx.call(page, 'open')
    await Siwx.expectSignIn(page)
    await modal.getByRole('button', { name: 'Close' }).click()
    await expect(card).toHaveAttribute('data-shake', 'true')
    await Siwx.expectSignIn(page)
    await Siwx.shot(page, 'injected-required-after-revoke')
    await modal.getByRole('button', { name: 'Sign', exact: true }).click()
    await Pages.expectClosed(page)
    await expect.poll(async () => (await Siwx.state(page)).siwxSession?.data.chainId).toBe('eip155:31337')
  })
})
