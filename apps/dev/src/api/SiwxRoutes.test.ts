import { fileURLToPath } from 'node:url'
import * as TestApp from '@frontdoor/api/TestApp'
import * as Accounts from '@frontdoor/devnet/accounts'
import * as Compile from '@frontdoor/devnet/compile'
import * as Devnet from '@frontdoor/devnet/devnet'
import { SiwxMessage } from '@frontdoor/schemas'
import { SiweMessage } from 'siwe'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  getAddress,
  type Hex,
  http,
  keccak256,
  serializeErc6492Signature,
  stringToHex,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { hardhat } from 'viem/chains'
import { createSiweMessage, parseSiweMessage, verifySiweMessage } from 'viem/siwe'
import { afterAll, describe, expect, test } from 'vitest'

// Sign in with the wallet against a real devnet: EOA signatures are recovered, anything else is asked
// of the chain, and outside clients (viem's SIWE helpers, the siwe package) agree with our messages both ways.
const node = await Devnet.start({ chainId: 31337, seed: false })
const t = await TestApp.create({ upstreams: { 'eip155:31337': [node.url] } })
afterAll(async () => {
  await t.close()
  await node.stop()
})

const site = TestApp.DEMO_URL
const domain = new URL(site).host
const client = createPublicClient({ transport: http(node.url) })

const post = (path: string, body?: unknown, origin: string = site) =>
  t.getJson(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })

async function nonce() {
  const { status, body } = await post('/v1/siwx/nonce?projectId=demo')
  expect(status).toBe(200)
  return body.nonce as string
}

/** A message written by viem's createSiweMessage for the demo site, for `address`. */
async function messageByViem(address: Address, change: object = {}) {
  return createSiweMessage({
    domain,
    address,
    uri: site,
    version: '1',
    chainId: 31337,
    nonce: await nonce(),
    issuedAt: new Date(),
    statement: 'Sign in to the demo.',
    ...change,
  })
}

/** A message written by viem's createSiweMessage for the demo site, signed by `account`. */
async function signedByViem(account = privateKeyToAccount(generatePrivateKey()), change: object = {}) {
  const message = await messageByViem(account.address, change)
  return { account, message, signature: await account.signMessage({ message }) }
}

describe('POST /v1/siwx/nonce', () => {
  test('hands out a fresh nonce of 32 hex characters for a known project', async () => {
    const [a, b] = [await nonce(), await nonce()]
    expect(a).toMatch(/^[0-9a-f]{32}$/)
    expect(a).not.toBe(b)
    expect((await post('/v1/siwx/nonce?projectId=nope')).status).toBe(401)
  })
})

describe('POST /v1/siwx/sessions', () => {
  test('a message viem wrote and an EOA signed makes a session; viem verifies what we stored', async () => {
    const { account, message, signature } = await signedByViem()
    const before = await t.getJson(
      `/v1/siwx/sessions?projectId=demo&chainId=eip155:31337&address=${account.address}`,
    )
    expect(before.body.sessions).toEqual([])

    const { status, body } = await post('/v1/siwx/sessions?projectId=demo', { message, signature })
    expect(status).toBe(201)
    expect(body.id).toMatch(/^[0-9a-f]{32}$/)
    expect(body.session).toMatchObject({
      message,
      signature,
      data: { accountAddress: account.address, chainId: 'eip155:31337', domain, uri: site },
    })
    expect(parseSiweMessage(body.session.message)).toMatchObject({ address: account.address, chainId: 31337 })
    expect(await verifySiweMessage(client, { message: body.session.message, signature, domain })).toBe(true)

    // The page reads it back (any address case), newest first.
    const after = await t.getJson(
      `/v1/siwx/sessions?projectId=demo&chainId=eip155:31337&address=${account.address.toLowerCase()}`,
    )
    expect(after.body.sessions.map((s: { id: string }) => s.id)).toEqual([body.id])
  })

  test('a message we wrote verifies with viem, and a replay of it is refused', async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const message = SiwxMessage.format({
      domain,
      accountAddress: account.address,
      chainId: 'eip155:31337',
      uri: site,
      version: '1',
      nonce: await nonce(),
      issuedAt: new Date().toISOString(),
    })
    const signature = await account.signMessage({ message })
    expect(await verifySiweMessage(client, { message, signature, domain })).toBe(true)
    expect((await post('/v1/siwx/sessions?projectId=demo', { message, signature })).status).toBe(201)
    const replay = await post('/v1/siwx/sessions?projectId=demo', { message, signature })
    expect(replay.status).toBe(400)
    expect(replay.body.error.message).toBe('The nonce is unknown, expired or already used')
  })

  test('the same message sent twice at once makes one session', async () => {
    const { message, signature } = await signedByViem()
    const answers = await Promise.all(
      [1, 2, 3].map(() => post('/v1/siwx/sessions?projectId=demo', { message, signature })),
    )
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400, 400])
  })

  test('a wrong signature is asked of the chain, refused, and leaves the nonce usable', async () => {
    const { message, signature } = await signedByViem()
    const other = privateKeyToAccount(generatePrivateKey())
    const wrong = await post('/v1/siwx/sessions?projectId=demo', {
      message,
      signature: await other.signMessage({ message }),
    })
    expect(wrong).toMatchObject({
      status: 401,
      body: { error: { message: 'The signature does not match the message and account' } },
    })
    expect((await post('/v1/siwx/sessions?projectId=demo', { message, signature })).status).toBe(201)
  })

  test.each([
    [
      'a site off the allowlist',
      { uri: 'https://evil.example', domain: 'evil.example' },
      'The message URI is not an allowed origin of the project',
    ],
    [
      'a domain other than the URI host',
      { domain: 'evil.example' },
      'The message domain is not the host of its URI',
    ],
    ['an expired message', { expirationTime: new Date(Date.now() - 1000) }, 'The message has expired'],
    [
      'a message not valid yet',
      { notBefore: new Date(Date.now() + 3_600_000) },
      'The message is not valid yet',
    ],
    ['an unknown nonce', { nonce: 'a'.repeat(32) }, 'The nonce is unknown, expired or already used'],
  ])('refuses %s', async (_, change, error) => {
    const { message, signature } = await signedByViem(undefined, change)
    const { status, body } = await post('/v1/siwx/sessions?projectId=demo', { message, signature })
    expect(status).toBe(400)
    expect(body.error.message).toBe(error)
  })

  test('a page may not present a message signed for another site, but our modal frame may sign in for the page', async () => {
    const { message, signature } = await signedByViem()
    const other = await post(
      '/v1/siwx/sessions?projectId=demo',
      { message, signature },
      'http://127.0.0.1:9999',
    )
    expect(other.status).toBe(400)
    expect(other.body.error.message).toBe('The message was signed for another site than the one asking')
    expect(
      (await post('/v1/siwx/sessions?projectId=demo', { message, signature }, TestApp.MODAL_URL)).status,
    ).toBe(201)
  })

  test('text that is not a sign-in message is a 400 naming what is wrong', async () => {
    const { status, body } = await post('/v1/siwx/sessions?projectId=demo', {
      message: 'hello',
      signature: '0x00',
    })
    expect(status).toBe(400)
    expect(body.error.message).toBe('The message does not start with a sign-in line')
  })
})

describe('POST /v1/siwx/sessions from a contract account', () => {
  // Our own ERC-1271 wallet and its CREATE2 factory (fixtures/SmartWallet.sol), compiled as the devnet
  // compiles its contracts; the wallet accepts its owner's signature of the hash it is asked about.
  const { SmartWallet, SmartWalletFactory } = Compile.contracts(
    fileURLToPath(new URL('./fixtures', import.meta.url)),
  )
  const deployer = createWalletClient({
    account: privateKeyToAccount(Accounts.DEV_ACCOUNTS[0]!.privateKey),
    chain: hardhat,
    transport: http(node.url),
  })
  const deployed = async (hash: Hex) => {
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
    expect(receipt.status).toBe('success')
    return getAddress(receipt.contractAddress as Address)
  }
  const refused = {
    status: 401,
    body: { error: { message: 'The signature does not match the message and account' } },
  }

  test('ERC-1271: a deployed wallet signs in with the signature of its owner, not of another key', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const wallet = await deployed(
      await deployer.deployContract({
        abi: SmartWallet!.abi,
        bytecode: SmartWallet!.bytecode,
        args: [owner.address],
      }),
    )
    const message = await messageByViem(wallet)
    const other = await privateKeyToAccount(generatePrivateKey()).signMessage({ message })
    expect(await post('/v1/siwx/sessions?projectId=demo', { message, signature: other })).toMatchObject(
      refused,
    )

    // The wallet checks the EIP-191 hash of the message, as viem's verifyMessage asks it.
    const signature = await owner.signMessage({ message })
    expect(await verifySiweMessage(client, { message, signature, domain })).toBe(true)
    const { status, body } = await post('/v1/siwx/sessions?projectId=demo', { message, signature })
    expect(status).toBe(201)
    expect(body.session.data).toMatchObject({ accountAddress: wallet, chainId: 'eip155:31337' })
  })

  test('ERC-6492: a wallet not deployed yet signs in through its factory and stays undeployed', async () => {
    const factory = await deployed(
      await deployer.deployContract({ abi: SmartWalletFactory!.abi, bytecode: SmartWalletFactory!.bytecode }),
    )
    const owner = privateKeyToAccount(generatePrivateKey())
    const salt = keccak256(stringToHex('siwx'))
    const wallet = (await client.readContract({
      address: factory,
      abi: SmartWalletFactory!.abi,
      functionName: 'addressOf',
      args: [owner.address, salt],
    })) as Address
    expect(await client.getCode({ address: wallet })).toBeUndefined()

    const message = await messageByViem(wallet)
    const counterfactual = async (signer: typeof owner) =>
      serializeErc6492Signature({
        address: factory,
        data: encodeFunctionData({
          abi: SmartWalletFactory!.abi,
          functionName: 'deploy',
          args: [owner.address, salt],
        }),
        signature: await signer.signMessage({ message }),
      })
    const other = await counterfactual(privateKeyToAccount(generatePrivateKey()))
    expect(await post('/v1/siwx/sessions?projectId=demo', { message, signature: other })).toMatchObject(
      refused,
    )

    const signature = await counterfactual(owner)
    const { status, body } = await post('/v1/siwx/sessions?projectId=demo', { message, signature })
    expect(status).toBe(201)
    expect(body.session).toMatchObject({
      signature,
      data: { accountAddress: wallet, chainId: 'eip155:31337' },
    })
    // The chain was only asked (eth_call): nothing was deployed.
    expect(await client.getCode({ address: wallet })).toBeUndefined()
  })
})

describe('POST /v1/siwx/sessions/{id}/revoke', () => {
  test('the holder of the session revokes it with its signature; nobody else can', async () => {
    const { account, message, signature } = await signedByViem()
    const { body } = await post('/v1/siwx/sessions?projectId=demo', { message, signature })
    const list = () =>
      t.getJson(`/v1/siwx/sessions?projectId=demo&chainId=eip155:31337&address=${account.address}`)
    expect((await list()).body.sessions).toHaveLength(1)

    const guessed = await post(`/v1/siwx/sessions/${body.id}/revoke?projectId=demo`, { signature: '0xdead' })
    expect(guessed.status).toBe(401)
    expect((await list()).body.sessions).toHaveLength(1)

    expect((await post(`/v1/siwx/sessions/${body.id}/revoke?projectId=demo`, { signature })).body).toEqual({
      ok: true,
    })
    expect((await list()).body.sessions).toEqual([])
    expect((await post(`/v1/siwx/sessions/${body.id}/revoke?projectId=demo`, { signature })).status).toBe(404)
  })
})

describe('the siwe package (an outside client) agrees with us', () => {
  test('siwe verifies the message and signature of a session we stored', async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const message = SiwxMessage.format({
      domain,
      accountAddress: account.address,
      chainId: 'eip155:31337',
      uri: site,
      version: '1',
      nonce: await nonce(),
      issuedAt: new Date().toISOString(),
      statement: 'Sign in to the demo.',
    })
    const signature = await account.signMessage({ message })
    const { status, body } = await post('/v1/siwx/sessions?projectId=demo', { message, signature })
    expect(status).toBe(201)
    const parsed = new SiweMessage(body.session.message)
    expect(parsed).toMatchObject({ address: account.address, chainId: 31337, domain, uri: site })
    const verified = await parsed.verify({ signature: body.session.signature, domain })
    expect(verified.success).toBe(true)
    // And it refuses the same message under another account's signature.
    const other = await privateKeyToAccount(generatePrivateKey()).signMessage({ message })
    await expect(new SiweMessage(message).verify({ signature: other })).rejects.toMatchObject({
      success: false,
    })
  })

  test('a message the siwe package wrote makes a session', async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const message = new SiweMessage({
      domain,
      address: account.address,
      uri: site,
      version: '1',
      chainId: 31337,
      nonce: await nonce(),
      issuedAt: new Date().toISOString(),
      statement: 'Sign in to the demo.',
    }).prepareMessage()
    const signature = await account.signMessage({ message })
    const { status, body } = await post('/v1/siwx/sessions?projectId=demo', { message, signature })
    expect(status).toBe(201)
    expect(body.session.data).toMatchObject({ accountAddress: account.address, chainId: 'eip155:31337' })
  })
})
