import { Constants, Errors as Messages, Profile } from '@frontdoor/schemas'
import { generatePrivateKey, mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { afterAll, describe, expect, test } from 'vitest'
import * as z from 'zod/mini'
import * as TestApp from '../TestApp.js'
import * as PublicKeys from './PublicKeys.js'
import * as Registration from './Registration.js'

const t = await TestApp.create()
afterAll(() => t.close())

const zone = Constants.ACCOUNT_NAME_ZONE
const seconds = () => Math.floor(Date.now() / 1000)

/** A registration body: `account` signs the JSON of {name, attributes, timestamp}. */
async function signed(
  name: string,
  options: { account?: ReturnType<typeof privateKeyToAccount>; attributes?: object; timestamp?: number } = {},
) {
  const account = options.account ?? privateKeyToAccount(generatePrivateKey())
  const message = JSON.stringify({
    name,
    attributes: options.attributes ?? {},
    timestamp: options.timestamp ?? seconds(),
  })
  return {
    account,
    body: {
      coin_type: 60,
      address: account.address,
      message,
      signature: await account.signMessage({ message }),
    },
  }
}

const register = (body: unknown) =>
  t.getJson('/v1/profile/account?projectId=demo', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

describe('POST /v1/profile/account', () => {
  test('registers a name the address signed; it resolves, reverses and is the identity', async () => {
    const { account, body } = await signed(`alice-${Date.now()}.${zone}`, { attributes: { bio: 'hi' } })
    const name = JSON.parse(body.message).name as string
    expect((await t.getJson(`/v1/profile/account/${name}?projectId=demo`)).status).toBe(404)
    expect((await t.getJson(`/v1/profile/reverse/${account.address}?projectId=demo`)).body).toEqual([])

    const { status, body: profile } = await register(body)
    expect(status).toBe(201)
    expect(z.safeParse(Profile.NameProfile, profile).error).toBeUndefined()
    expect(profile).toMatchObject({
      name,
      addresses: { '60': { address: account.address } },
      attributes: [{ bio: 'hi' }],
    })
    expect((await t.getJson(`/v1/profile/account/${name}?projectId=demo`)).body).toEqual(profile)
    expect((await t.getJson(`/v1/profile/reverse/${account.address}?projectId=demo`)).body).toEqual([profile])
    expect((await t.getJson(`/v1/identity/${account.address}?projectId=demo`)).body).toMatchObject({ name })
  })

  test('a name is unique: the second address gets 409, even when both ask at once', async () => {
    const name = `race-${Date.now()}.${zone}`
    const [a, b] = await Promise.all([signed(name), signed(name)])
    const answers = await Promise.all([register(a.body), register(b.body)])
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409])
    expect(answers.find((answer) => answer.status === 409)?.body.error.message).toBe(
      Registration.REFUSED.taken,
    )
  })

  test.each([
    ['a short name', `abc.${zone}`, {}, Messages.ACCOUNT_NAME_TOO_SHORT],
    ['a name with other characters', `al_ice.${zone}`, {}, Messages.ACCOUNT_NAME_INVALID_CHARACTERS],
    ['a name outside the zone', 'alice.eth', {}, Registration.REFUSED.zone],
    [
      'a stale signature',
      `stale-${Date.now()}.${zone}`,
      { timestamp: seconds() - Registration.FRESHNESS_S - 5 },
      Registration.REFUSED.stale,
    ],
    [
      'a timestamp from the future',
      `future-${Date.now()}.${zone}`,
      { timestamp: seconds() + Registration.FRESHNESS_S + 5 },
      Registration.REFUSED.stale,
    ],
    [
      'unknown attributes',
      `attrs-${Date.now()}.${zone}`,
      { attributes: { url: 'x' } },
      Registration.REFUSED.attributes,
    ],
  ])('refuses %s', async (_, name, options, message) => {
    const { body } = await signed(name, options)
    const answer = await register(body)
    expect(answer.status).toBe(400)
    expect(answer.body.error.message).toBe(message)
    expect((await t.getJson(`/v1/profile/account/${name}?projectId=demo`)).status).not.toBe(200)
  })

  test('refuses a signature by another key, another coin type, and a message that is not the JSON', async () => {
    const { body } = await signed(`forged-${Date.now()}.${zone}`)
    const other = privateKeyToAccount(generatePrivateKey())
    expect(
      (await register({ ...body, signature: await other.signMessage({ message: body.message }) })).body.error
        .message,
    ).toBe(Registration.REFUSED.signature)
    expect((await register({ ...body, coin_type: 501 })).body.error.message).toBe(
      Registration.REFUSED.coinType,
    )
    const text = await signed('x')
    const notJson = {
      ...text.body,
      message: 'alice',
      signature: await text.account.signMessage({ message: 'alice' }),
    }
    expect((await register(notJson)).body.error.message).toBe(Registration.REFUSED.message)
  })

  test("a contract account's signature is asked of the chain (verifyContract) when it does not recover", async () => {
    const { body } = await signed(`contract-${Date.now()}.${zone}`)
    const contract = privateKeyToAccount(generatePrivateKey()).address
    const asked: unknown[] = []
    const options = (answer: boolean | Error) => ({
      now: Date.now(),
      publicKeys: new Set<string>(),
      verifyContract: async (...args: unknown[]) => {
        asked.push(args)
        if (answer instanceof Error) throw answer
        return answer
      },
    })
    const forContract = { ...body, address: contract }
    expect(await Registration.register(t.deps.db.orm, forContract, options(false))).toMatchObject({
      ok: false,
      message: Registration.REFUSED.signature,
    })
    expect(asked).toEqual([[contract, body.message, body.signature]])
    expect(
      await Registration.register(t.deps.db.orm, forContract, options(new Error('no node'))),
    ).toMatchObject({
      ok: false,
    })
    expect(await Registration.register(t.deps.db.orm, forContract, options(true))).toMatchObject({ ok: true })
  })

  test('outside development a public dev key cannot own a name', async () => {
    const dev = mnemonicToAccount('test test test test test test test test test test test junk', {
      addressIndex: 7,
    })
    expect(PublicKeys.devAddresses().has(dev.address.toLowerCase())).toBe(true)
    const orm = t.deps.db.orm
    const name = `devkey-${Date.now()}.${zone}`
    const message = JSON.stringify({ name, timestamp: seconds() })
    const body = {
      coin_type: '60',
      address: dev.address,
      message,
      signature: await dev.signMessage({ message }),
    }
    expect(
      await Registration.register(orm, body, { now: Date.now(), publicKeys: PublicKeys.devAddresses() }),
    ).toMatchObject({
      ok: false,
      status: 403,
      message: Registration.REFUSED.devKey,
    })
    // In development (the test app), the dev accounts may register, as the demo does.
    expect((await register(body)).status).toBe(201)
  })
})

describe('GET /v1/profile/suggestions/{name}', () => {
  test('offers the typed name with its state, then free variations in the zone', async () => {
    const label = `bob${Date.now()}`
    const fresh = await t.getJson(`/v1/profile/suggestions/${label}?projectId=demo&zone=${zone}`)
    expect(z.safeParse(Profile.SuggestionsResponse, fresh.body).error).toBeUndefined()
    expect(fresh.body.suggestions[0]).toEqual({ name: `${label}.${zone}`, registered: false })
    expect(fresh.body.suggestions.length).toBe(Registration.SUGGESTIONS_MAX)

    expect((await register((await signed(`${label}.${zone}`)).body)).status).toBe(201)
    expect((await register((await signed(`${label}1.${zone}`)).body)).status).toBe(201)
    const after = await t.getJson(`/v1/profile/suggestions/${label}.${zone}?projectId=demo`)
    expect(after.body.suggestions[0]).toEqual({ name: `${label}.${zone}`, registered: true })
    const rest = after.body.suggestions.slice(1)
    expect(rest.every((s: { registered: boolean }) => !s.registered)).toBe(true)
    expect(rest.map((s: { name: string }) => s.name)).not.toContain(`${label}1.${zone}`)
  })

  test('nothing to suggest for text without a usable character', async () => {
    expect((await t.getJson('/v1/profile/suggestions/___?projectId=demo')).body).toEqual({ suggestions: [] })
  })
})
