import * as Cards from '@frontdoor/onramp/cards'
import * as OnrampRule from '@frontdoor/schemas/api/onramp-rules'
import { expect, test } from '@playwright/test'
import { parseEther } from 'viem'
import * as Buy from './buy.js'

const [SUCCEEDS, DECLINED, CONFIRM] = Object.keys(Cards.TEST_CARDS) as [string, string, string]

test.describe('buy (on-ramp)', () => {
  test('50 USD of ETH with the test card: the devnet balance grows by the quoted amount; the purchase in Activity', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    const { wallet, frame } = await Buy.openBuy(page, 'Buy Test Wallet')
    await Buy.shot(page, 'form')
    // Meld (the project's first provider, 1%): 50 - 0.50 - 0.25 network fee = 49.25 USD at 2,000.
    const quoted = await Buy.quote(frame, '50')
    expect(quoted).toBe('0.024625')
    await expect(frame.getByText('Meld fee')).toBeVisible()
    await Buy.shot(page, 'quote')
    expect(await Buy.balance(wallet.address)).toBe(0n)

    const popup = await Buy.openCheckout(page, frame)
    // The checkout window is 600 x 800, opened by the click, and holds no handle on the modal frame.
    expect(await popup.evaluate(() => [window.outerWidth, window.outerHeight])).toEqual([600, 800])
    expect(await popup.evaluate(() => window.opener === null)).toBe(true)
    await expect(frame.getByTestId('buy-status')).toHaveText(
      /Complete the payment of 50\.00 USD in the Meld window/,
    )
    await Buy.shot(page, 'checkout-waiting')
    await expect(popup.getByText(`${quoted} ETH`)).toBeVisible()
    await Buy.shot(popup, 'checkout-page')
    const closed = popup.waitForEvent('close')
    await Buy.pay(popup, SUCCEEDS)

    await expect(frame.getByRole('heading', { name: 'Purchase complete' })).toBeVisible({ timeout: 30_000 })
    await expect(frame.getByTestId('buy-status')).toHaveText(
      `You bought ${quoted} ETH. It is in your wallet.`,
    )
    await Buy.shot(page, 'completed')
    // Delivered: the modal closed the checkout, the chain holds exactly what was quoted.
    await closed
    expect(await Buy.balance(wallet.address)).toBe(parseEther(quoted))

    await frame.getByRole('button', { name: 'Back to account' }).click()
    await frame.getByRole('tab', { name: 'Activity' }).click()
    const row = frame.getByRole('listitem').filter({ hasText: 'Buy' })
    await expect(row.first()).toContainText('0.025 ETH')
    await Buy.shot(page, 'activity')
  })

  test('the declined card shows its error; the card that asks for a confirmation goes through after it', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    const { wallet, frame } = await Buy.openBuy(page, 'Buy Declined Wallet')
    await Buy.quote(frame, '20')
    const popup = await Buy.openCheckout(page, frame)
    await Buy.pay(popup, DECLINED)
    await expect(popup.getByRole('heading', { name: 'Payment failed' })).toBeVisible()
    await expect(popup.getByRole('alert')).toHaveText(Cards.DECLINED)
    await Buy.shot(popup, 'checkout-declined')
    await expect(frame.getByRole('heading', { name: 'Payment failed' })).toBeVisible({ timeout: 30_000 })
    await Buy.shot(page, 'declined')
    expect(await Buy.balance(wallet.address)).toBe(0n)
    await popup.close()

    // Again, with the card whose bank asks for a confirmation.
    await frame.getByRole('button', { name: 'Try again' }).click()
    const quoted = await Buy.quote(frame, '20')
    const second = await Buy.openCheckout(page, frame)
    await Buy.pay(second, CONFIRM)
    await expect(second.getByRole('heading', { name: 'Confirm your payment' })).toBeVisible()
    await Buy.shot(second, 'checkout-confirm')
    // Not paid until confirmed.
    await expect(frame.getByTestId('buy-status')).toHaveText(/Complete the payment/)
    await second.getByRole('button', { name: 'Confirm payment' }).click()
    await expect(frame.getByRole('heading', { name: 'Purchase complete' })).toBeVisible({ timeout: 30_000 })
    expect(await Buy.balance(wallet.address)).toBe(parseEther(quoted))
  })

  test('amounts outside the limits are refused before the popup, with the message', async ({ page }) => {
    const { frame } = await Buy.openBuy(page, 'Buy Limits Wallet')
    let popups = 0
    page.on('popup', () => {
      popups++
    })
    const buy = frame.getByRole('button', { name: 'Buy ETH' })
    const alert = frame.getByRole('alert')
    for (const amount of ['5', '9.99', '7500.01']) {
      await frame.getByLabel('Amount').fill(amount)
      await buy.click()
      await expect(alert).toHaveText(OnrampRule.outOfLimits('card', 'USD'))
    }
    await Buy.shot(page, 'out-of-limit')
    // A bank account goes to 25,000.
    await frame.getByRole('radio', { name: 'Bank account' }).check()
    await Buy.quote(frame, '7500.01')
    await frame.getByLabel('Amount').fill('25000.01')
    await buy.click()
    await expect(alert).toHaveText(OnrampRule.outOfLimits('bank_account', 'USD'))
    // EUR, by card.
    await frame.getByRole('radio', { name: 'Card' }).check()
    await frame.getByLabel('Currency').selectOption('EUR')
    await frame.getByLabel('Amount').fill('7501')
    await buy.click()
    await expect(alert).toHaveText(OnrampRule.outOfLimits('card', 'EUR'))
    await Buy.shot(page, 'out-of-limit-eur')
    expect(popups).toBe(0)
  })
})
