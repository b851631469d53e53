import { useFrontdoor, useFrontdoorAccount, useFrontdoorState } from '@frontdoor/react'
import { useState } from 'react'
import { parseEther } from 'viem'
import {
  useConnect,
  useConnection,
  useDisconnect,
  useSendTransaction,
  useSignMessage,
  useSwitchChain,
} from 'wagmi'
import * as Devnets from '../Devnets.js'

const show = (mutation: { status: string; error: unknown }, data: unknown) =>
  mutation.status === 'error'
    ? `error ${Devnets.describeError(mutation.error)}`
    : String(data ?? mutation.status)

/** wagmi's hooks, unchanged, with the Frontdoor connector; the modal's own state from @frontdoor/react. */
export function App() {
  const connection = useConnection()
  const { connect, connectors, ...connecting } = useConnect()
  const { disconnect, ...disconnecting } = useDisconnect()
  const { signMessage, ...signing } = useSignMessage()
  const { sendTransaction, ...sending } = useSendTransaction()
  const { switchChain, ...switching } = useSwitchChain()
  const modal = useFrontdoorState()
  const frontdoorAccount = useFrontdoorAccount()
  const { open } = useFrontdoor()
  const [message, setMessage] = useState('Hello from wagmi')
  const [to, setTo] = useState(Devnets.DEFAULT_RECEIVER)
  const connector = connectors.find((c) => c.id === 'frontdoor')
  const chain = Devnets.chainOf(connection.chainId)

  return (
    <div className="app">
      <header className="topbar">
        <span className="brand">
          <span className="logo" aria-hidden="true" /> wagmi + Frontdoor
        </span>
        <span className="row">
          {connection.status === 'connected' ? (
            <>
              <button type="button" className="button secondary" onClick={() => void open()}>
                Account
              </button>
              <button type="button" className="button secondary" onClick={() => disconnect()}>
                Disconnect
              </button>
            </>
          ) : (
            <button
              type="button"
              className="button"
              disabled={!connector}
              onClick={() => connector && connect({ connector })}
            >
              Connect
            </button>
          )}
        </span>
      </header>
      <main className="grid">
        <section className="card" aria-labelledby="connection-title">
          <h2 id="connection-title">Connection (useConnection)</h2>
          <dl>
            <dt>Status</dt>
            <dd data-testid="status">{connection.status}</dd>
            <dt>Account</dt>
            <dd data-testid="account">{connection.address ?? '—'}</dd>
            <dt>Network</dt>
            <dd data-testid="network">
              {chain ? `${chain.name} (${chain.id})` : (connection.chainId ?? '—')}
            </dd>
            <dt>connect()</dt>
            <dd data-testid="connect-result">{show(connecting, connecting.data?.accounts[0])}</dd>
            <dt>Modal (useFrontdoorState)</dt>
            <dd data-testid="modal-state">{modal.open ? `open (${modal.view})` : 'closed'}</dd>
            <dt>Frontdoor (useFrontdoorAccount)</dt>
            <dd data-testid="frontdoor-status">{frontdoorAccount.status}</dd>
          </dl>
          <div className="row">
            {Devnets.CHAINS.map((c) => (
              <button
                key={c.id}
                type="button"
                className="button secondary"
                aria-pressed={connection.chainId === c.id}
                onClick={() => switchChain({ chainId: c.id })}
              >
                Switch to {c.id}
              </button>
            ))}
          </div>
          <p>
            switchChain(): <output data-testid="switch-result">{show(switching, switching.data?.id)}</output>
          </p>
        </section>
        <section className="card" aria-labelledby="actions-title">
          <h2 id="actions-title">Actions</h2>
          <label className="balance">
            Message
            <input data-testid="message" value={message} onChange={(e) => setMessage(e.target.value)} />
          </label>
          <div className="row">
            <button type="button" className="button secondary" onClick={() => signMessage({ message })}>
              Sign message
            </button>
          </div>
          <p>
            signMessage(): <output data-testid="signature">{show(signing, signing.data)}</output>
          </p>
          <label className="balance">
            Send 0.001 ETH to
            <input data-testid="to" value={to} onChange={(e) => setTo(e.target.value)} />
          </label>
          <div className="row">
            <button
              type="button"
              className="button secondary"
              onClick={() => sendTransaction({ to: to as `0x${string}`, value: parseEther('0.001') })}
            >
              Send transaction
            </button>
          </div>
          <p>
            sendTransaction(): <output data-testid="tx-hash">{show(sending, sending.data)}</output>
          </p>
          <p>
            disconnect(): <output data-testid="disconnect-result">{show(disconnecting, undefined)}</output>
          </p>
        </section>
      </main>
    </div>
  )
}
