import * as Bridge from '@frontdoor/protocol/bridge'
import * as HostModal from '@frontdoor/protocol/host-modal'
import * as Message from '@frontdoor/protocol/message'
import { describe, expect, test } from 'vitest'
import * as Transport from './Transport.js'

describe('connectModal', () => {
  test('speaks packages/protocol: same channel, version and handshake method', () => {
    expect(Transport.CHANNEL).toBe(HostModal.CHANNEL)
    expect(Transport.PROTOCOL_VERSION).toBe(Message.PROTOCOL_VERSION)
    expect(Transport.HANDSHAKE).toBe(Bridge.HANDSHAKE)
  })
})
