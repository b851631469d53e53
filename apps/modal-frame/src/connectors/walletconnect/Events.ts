import type * as Connector from '../Connector.js'
import * as Namespaces from './Namespaces.js'
import type * as Records from './Records.js'
import type * as SignClient from './SignClient.js'

/**
 * What a wallet tells of its sessions, as connector events: its accounts and chain changing, and a
 * session it (or the relay's expiry) ended. Only sessions the records keep are told of.
 */

/** Tells `emit` of session `topic`'s event. */
type Emit = (topic: string, event: Connector.Event) => void

/** The wallet (or the relay's expiry) ended session `topic`: forgotten, and told as a disconnect. */
function forget(records: Records.Store, emit: Emit, topic: string) {
  if (!records.has(topic)) return
  records.drop(topic)
  emit(topic, { type: 'disconnect' })
  if (records.current() === topic) records.use(undefined)
}

/** Listens to `client`'s session events for as long as it runs, keeping `records` up to date. */
export function listen(client: SignClient.Client, records: Records.Store, emit: Emit) {
  client.on('session_event', ({ topic, params }) => {
    const record = records.get(topic)
    if (!record) return
    if (params.event.name === 'accountsChanged') {
      const accounts = Namespaces.eventAccounts(params.event.data)
      emit(topic, { type: 'accountsChanged', accounts })
    } else if (params.event.name === 'chainChanged') {
      const chainId = Namespaces.chainIdOf(params.event.data) ?? Namespaces.chainIdOf(params.chainId)
      if (chainId === undefined || chainId === record.chainId) return
      records.remember({ ...record, chainId })
      emit(topic, { type: 'chainChanged', chainId })
    }
  })
  client.on('session_update', ({ topic, params }) => {
    const record = records.get(topic)
    if (!record) return
    const chains = Namespaces.chainsOf(params.namespaces)
    let chainId = record.chainId
    if (!chains.includes(chainId) && chains[0] !== undefined) {
      chainId = chains[0]
      records.remember({ ...record, chainId })
      emit(topic, { type: 'chainChanged', chainId })
    }
    emit(topic, { type: 'accountsChanged', accounts: Namespaces.accountsOf(params.namespaces, chainId) })
  })
  client.on('session_delete', ({ topic }) => forget(records, emit, topic))
  client.on('session_expire', ({ topic }) => forget(records, emit, topic))
}
