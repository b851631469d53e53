import { DEV_ACCOUNTS } from '@frontdoor/devnet/accounts'
import { expect, test } from '@playwright/test'
import { createWalletClient, type Hex, http, numberToHex, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import * as Pages from '../modal/pages.js'
import * as Embedded from './embedded.js'

const { DEMO_URL, DEVNET_31337_URL } = Pages.addresses
// An account of its own, so balances here do not move under other tests.
const FUNDER = DEV_ACCOUNTS[7]!

test("wallet_getAssets (EIP-7811): an email wallet's page gets its devnet balances through the provider", async ({
  page,
}) => {
  await page.goto(DEMO_URL)
  const account = await Embedded.loginByEmail(page, Embedded.freshEmail('assets'))
  const empty = (await Pages.providerRequest(page, 'wallet_getAssets', [{ account }])) as { result: unknown }
  expect(empty).toEqual({ result: {} })

  const wallet = createWalletClient({
    account: privateKeyToAccount(FUNDER.privateKey as Hex),
    transport: http(DEVNET_31337_URL),
    chain: {
      id: 31337,
      name: 'devnet',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [DEVNET_31337_URL] } },
    },
  })
  await wallet.sendTransaction({ to: account, value: parseEther('1.25') })

  await expect(async () => {
    const answer = (await Pages.providerRequest(page, 'wallet_getAssets', [{ account }])) as {
      result: Record<string, unknown[]>
    }
    expect(answer.result['0x7a69']).toEqual([
      {
        address: 'native',
        balance: numberToHex(parseEther('1.25')),
        type: 'native',
        // Priced as the balance route prices it: the modal shows either answer alike.
        metadata: {
          symbol: 'ETH',
          decimals: 18,
          name: 'Ether',
          price: expect.any(Number),
          value: expect.any(Number),
          iconUrl: expect.stringContaining('/public/getTokenImage/ETH'),
        },
      },
    ])
  }).toPass({ timeout: 30_000 })
  // Another account's assets are not this wallet's to tell.
  const other = await Pages.providerRequest(page, 'wallet_getAssets', [{ account: FUNDER.address }])
  expect(other).toMatchObject({ code: 4100 })
})
