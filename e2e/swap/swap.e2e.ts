import { expect, test } from '@playwright/test'
import { parseEther, parseUnits } from 'viem'
import * as Account from '../account/account.js'
import * as Embedded from '../embedded/embedded.js'
import * as Pages from '../modal/pages.js'
import * as Injected from '../wallets/injected.js'
import * as Swap from './swap.js'

const { FUSD, DOOR, WETH } = Swap.TOKENS
const ETH_TO_FUSD = {
  pay: { symbol: 'ETH', name: 'Ether' },
  receive: { symbol: 'FUSD', name: 'Frontdoor USD' },
  amount: '0.5',
  amountUnits: parseEther('0.5'),
  path: [WETH.address, FUSD.address],
  receiveDecimals: 6,
  approval: false,
} as const
const FUSD_TO_DOOR = {
  pay: { symbol: 'FUSD', name: 'Frontdoor USD' },
  receive: { symbol: 'DOOR', name: 'Door Token' },
  amount: '100',
  amountUnits: parseUnits('100', 6),
  path: [FUSD.address, DOOR.address],
  receiveDecimals: 18,
  approval: true,
} as const

test.describe('swap', () => {
  test('injected wallet: ETH -> FUSD, then FUSD -> DOOR with the approval first; balances equal the chain', async ({
    page,
  }) => {
    test.setTimeout(150_000)
    const privateKey = await Swap.freshKey(16, parseEther('2'))
    const wallet = await Injected.install(page, { privateKey, name: 'Swap Test Wallet' })
    await page.goto(Pages.addresses.DEMO_URL)
    await Account.connect(page, wallet)
    await Pages.expectClosed(page)
    const frame = await Account.openAccount(page)
    // Swaps are on for the demo project: the button is enabled.
    await expect(frame.getByRole('button', { name: 'Swap', exact: true })).not.toHaveAttribute(
      'aria-disabled',
    )

    await Swap.swap(page, frame, { label: 'injected-eth-fusd', owner: wallet.address, ...ETH_TO_FUSD })
    const sent = () => wallet.requests.filter((r) => r.method === 'eth_sendTransaction').length
    expect(sent()).toBe(1)
    await Swap.swap(page, frame, { label: 'injected-fusd-door', owner: wallet.address, ...FUSD_TO_DOOR })
    // The approval, then the swap.
    expect(sent()).toBe(3)
  })

  test('email wallet: ETH -> FUSD, then FUSD -> DOOR, each transaction approved in the auth frame', async ({
    page,
  }) => {
    test.setTimeout(180_000)
    await page.goto(Pages.addresses.DEMO_URL)
    const address = await Embedded.loginByEmail(page, Embedded.freshEmail('swap'))
    // The balances read at login (none) are the API's for 30 s (spec section 9): fund, then wait that out.
    const loggedIn = Date.now()
    await Swap.fund(17, address, parseEther('2'))
    await page.waitForTimeout(Math.max(0, loggedIn + 31_000 - Date.now()))
    const frame = await Account.openAccount(page)
    const auth = Embedded.authFrame(page)
    const confirm = (label: string) => async (step: 'approve' | 'swap') => {
      await expect(frame.getByRole('heading', { name: 'Approve Transaction' })).toBeVisible()
      const approve = auth.getByRole('button', { name: 'Approve' })
      await expect(auth.getByText('eth_sendTransaction')).toBeVisible()
      await Swap.shot(page, `${label}-wallet-${step}`)
      // The call data and the simulated changes are longer than the screen: the visitor scrolls
      // through them, then approves.
      await Embedded.readToEnd(page, auth)
      await approve.click()
    }
    await Swap.swap(page, frame, {
      label: 'email-eth-fusd',
      owner: address,
      ...ETH_TO_FUSD,
      confirm: confirm('email-eth-fusd'),
    })
    await Swap.swap(page, frame, {
      label: 'email-fusd-door',
      owner: address,
      ...FUSD_TO_DOOR,
      confirm: confirm('email-fusd-door'),
    })
  })
})
