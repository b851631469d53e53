import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import * as z from 'zod/mini'
import * as Directory from './directory.js'

const wallet = {
  id: 'aurora-vault',
  name: 'Aurora Vault',
  badge_type: 'certified',
  description: 'A wallet',
  chains: ['eip155:1', 'eip155:31337'],
  homepage: 'https://aurora.example',
  image_id: 'img-aurora',
  image_url: 'http://127.0.0.1:4000/getWalletImage/img-aurora',
  order: 1,
  mobile_link: 'aurora://',
  desktop_link: null,
  webapp_link: 'https://app.aurora.example',
  app_store: null,
  play_store: null,
  chrome_store: null,
  rdns: 'example.aurora',
  injected: [{ namespace: 'eip155', injected_id: 'isAurora' }],
  supports_wc: true,
}

describe('MAX_ENTRIES', () => {
  test('the search page size', () => {
    expect(Directory.MAX_ENTRIES).toBe(100)
  })
})

describe('WalletId', () => {
  test('letters, digits, _ and -', () => {
    expect(Directory.WalletId.safeParse('a_b-1').success).toBe(true)
    expect(Directory.WalletId.safeParse('a/b').error?.issues[0]?.message).toBe(
      'must be 1-128 letters, digits, _ or -',
    )
  })
})

describe('BadgeType', () => {
  test('none or certified', () => {
    expect(Directory.BadgeType.options).toEqual(['none', 'certified'])
  })
})

describe('Injected', () => {
  test('namespace and injected id', () => {
    expect(Directory.Injected.safeParse({ namespace: 'eip155', injected_id: 'isX' }).success).toBe(true)
    expect(Directory.Injected.safeParse({ namespace: 'eip155' }).success).toBe(false)
  })
})

describe('Wallet', () => {
  test('the full shape of REFERENCE.md', () => {
    expect(z.parse(Directory.Wallet, wallet)).toEqual(wallet)
  })

  test('links may be null or absent', () => {
    const minimal = { id: 'w', name: 'W', chains: [], image_id: 'i' }
    expect(z.parse(Directory.Wallet, minimal)).toEqual(minimal)
  })

  test('wrong types are rejected', () => {
    expect(Directory.Wallet.safeParse({ ...wallet, chains: 'eip155:1' }).success).toBe(false)
    expect(Directory.Wallet.safeParse({ ...wallet, badge_type: 'gold' }).success).toBe(false)
    expect(Directory.Wallet.safeParse({ ...wallet, id: '' }).success).toBe(false)
  })
})

describe('GetWalletsQuery', () => {
  test('coerces numbers and splits comma lists', () => {
    expect(
      z.parse(Directory.GetWalletsQuery, {
        projectId: 'p1',
        st: 'frontdoor',
        sv: '4',
        page: '2',
        entries: '40',
        search: 'aur',
        badge_type: 'certified',
        include: 'a,b',
        exclude: 'c',
        chains: 'eip155:1,eip155:31337',
      }),
    ).toMatchInlineSnapshot(`
      {
        "badge_type": "certified",
        "chains": [
          "eip155:1",
          "eip155:31337",
        ],
        "entries": 40,
        "exclude": [
          "c",
        ],
        "include": [
          "a",
          "b",
        ],
        "page": 2,
        "projectId": "p1",
        "search": "aur",
        "st": "frontdoor",
        "sv": "4",
      }
    `)
  })

  test('page and entries are required positive integers, entries at most 100', () => {
    const base = { projectId: 'p1', page: '1', entries: '40' }
    expect(Directory.GetWalletsQuery.safeParse(base).success).toBe(true)
    expect(Directory.GetWalletsQuery.safeParse({ projectId: 'p1', entries: '4' }).success).toBe(false)
    expect(Directory.GetWalletsQuery.safeParse({ ...base, entries: '101' }).error?.issues[0]?.message).toBe(
      'must be at most 100',
    )
    expect(Directory.GetWalletsQuery.safeParse({ ...base, page: '0' }).success).toBe(false)
  })

  test('a bad chain gives the CAIP-2 message', () => {
    const result = Directory.GetWalletsQuery.safeParse({
      projectId: 'p1',
      page: '1',
      entries: '4',
      chains: 'eip155',
    })
    expect(result.error?.issues[0]?.message).toBe('Invalid CAIP-2 network id: eip155')
  })

  test('property: page is accepted exactly when it reads as a whole number from 1 to 100000', () => {
    const page = fc.oneof(fc.string({ maxLength: 8 }), fc.integer().map(String), fc.double().map(String))
    fc.assert(
      fc.property(page, (value) => {
        const number = Number(value)
        const valid = Number.isInteger(number) && number >= 1 && number <= 100_000
        expect(
          Directory.GetWalletsQuery.safeParse({ projectId: 'p', page: value, entries: '4' }).success,
        ).toBe(valid)
      }),
    )
  })
})

describe('GetWalletsResponse', () => {
  test('data and count', () => {
    expect(z.parse(Directory.GetWalletsResponse, { data: [wallet], count: 1 }).count).toBe(1)
    expect(Directory.GetWalletsResponse.safeParse({ data: [], count: -1 }).success).toBe(false)
  })
})

describe('IMAGE_PATHS', () => {
  test('the four image routes', () => {
    expect(Directory.IMAGE_PATHS).toMatchInlineSnapshot(`
      {
        "asset": "/public/getAssetImage/{id}",
        "currency": "/public/getCurrencyImage/{id}",
        "token": "/public/getTokenImage/{id}",
        "wallet": "/getWalletImage/{id}",
      }
    `)
  })
})

describe('imagePath', () => {
  test('fills and encodes the id', () => {
    expect(Directory.imagePath('wallet', 'abc')).toBe('/getWalletImage/abc')
    expect(Directory.imagePath('token', 'a/b')).toBe('/public/getTokenImage/a%2Fb')
  })
})
