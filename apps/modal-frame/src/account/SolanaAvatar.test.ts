import { describe, expect, test } from 'vitest'
import * as SolanaAvatar from './SolanaAvatar.js'

describe('SolanaAvatar.seed', () => {
  test('hex digits from the address’s bytes; two addresses, two seeds; not base58, none', () => {
    expect(SolanaAvatar.seed('11111111111111111111111111111111')).toBe('0000000000000000')
    const a = SolanaAvatar.seed('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM')
    expect(a).toMatch(/^[0-9a-f]{16}$/)
    expect(a).not.toBe(SolanaAvatar.seed('Gh9ZwEmdLJ8DscKNTkTqPbNwLNNBjuSzaG9Vp2KGtKJr'))
    expect(SolanaAvatar.seed('0xabc')).toBe('')
  })
})
