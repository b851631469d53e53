import { useCallback, useEffect, useState, useSyncExternalStore } from 'react'
import * as Format from './format.js'
import { frontdoor, initialTheme, NETWORKS } from './frontdoor.js'

type LogEntry = { id: number; at: string; kind: string; text: string }

const DEV_ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
/** The devnets' FUSD (6 decimals), at the same address on both chains (packages/devnet). */
const FUSD = '0x86963C0Be1Ef7dF4273e5c86E918759a97486169'
const provider = frontdoor.provider
const describe = (error: unknown) => {
  const e = error as { code?: number; message?: string }
  return e.code !== undefined ? `${e.code}: ${e.message}` : String(e.message ?? error)
}

/** The demo dApp: connect, account and network, actions, and a live log of provider events. */
export function Demo() {
  const state = useSyncExternalStore(frontdoor.subscribe, frontdoor.getState)
  const [log, setLog] = useState<LogEntry[]>([])
  const [balanceOf, setBalanceOf] = useState(DEV_ACCOUNT)
  const [balance, setBalance] = useState<string>()
  const [payTo, setPayTo] = useState(DEV_ACCOUNT)
  const [payAmount, setPayAmount] = useState('5')
  const [payment, setPayment] = useState<string>()
  const [theme, setTheme] = useState(initialTheme)
  const toggleTheme = () => {
    const next = theme === 'dark' ? 'light' : 'dark'
    setTheme(next)
    document.documentElement.dataset.theme = next
    void frontdoor.setTheme({ themeMode: next })
  }
  const add = useCallback((kind: string, text: string) => {
    const entry = { id: Date.now() + Math.random(), at: new Date().toLocaleTimeString(), kind, text }
    setLog((entries) => [entry, ...entries].slice(0, 50))
  }, [])

  useEffect(() => {
    const events = ['connect', 'disconnect', 'accountsChanged', 'chainChanged'] as const
    const handlers = events.map((event) => {
      const handler = (value: unknown) => add(event, JSON.stringify(value))
      provider.on(event, handler as never)
      return [event, handler] as const
    })
    return () => {
      for (const [event, handler] of handlers) provider.removeListener(event, handler as never)
    }
  }, [add])

  const run = async (label: string, action: () => Promise<unknown>) => {
    try {
      const result = await action()
      add(label, JSON.stringify(result) ?? 'done')
    } catch (error) {
      add(`${label} failed`, describe(error))
    }
  }
  const network = NETWORKS.find((n) => n.id === state.chainId)
  const connected = state.status === 'connected' && state.address

  return (
    <div className="app">
      <header className="topbar">
        <span className="brand">
          <span className="logo" aria-hidden="true" /> Frontdoor demo
        </span>
        <span className="row">
          <button
            type="button"
            className="button secondary"
            aria-pressed={theme === 'dark'}
            onClick={toggleTheme}
          >
            Dark mode
          </button>
          <button type="button" className="button" onClick={() => void frontdoor.open()}>
            {connected ? Format.shortAddress(state.address!) : 'Connect'}
          </button>
          {connected ? (
            <button type="button" className="button secondary" onClick={() => void frontdoor.disconnect()}>
              Disconnect
            </button>
          ) : null}
        </span>
      </header>
      <main className="grid">
        <section className="card" aria-labelledby="connection-title">
          <h2 id="connection-title">Connection</h2>
          <dl>
            <dt>Status</dt>
            <dd data-testid="status">{state.status}</dd>
            <dt>Account</dt>
            <dd data-testid="account">{state.address ?? '—'}</dd>
            <dt>Network</dt>
            <dd data-testid="network">
              {network ? `${network.name} (${network.id})` : (state.chainId ?? '—')}
            </dd>
            <dt>Modal</dt>
            <dd data-testid="modal-state">{state.open ? `open (${state.view})` : 'closed'}</dd>
          </dl>
          <div className="row">
            {NETWORKS.map((n) => (
              <button
                key={n.id}
                type="button"
                className="button secondary"
                aria-pressed={state.chainId === n.id}
                onClick={() => void run(`switch to ${n.id}`, () => frontdoor.switchNetwork(Number(n.id)))}
              >
                {n.name}
              </button>
            ))}
          </div>
        </section>

        <section className="card" aria-labelledby="actions-title">
          <h2 id="actions-title">Actions</h2>
          <div className="row">
            <button
              type="button"
              className="button secondary"
              onClick={() =>
                void run('eth_requestAccounts', () => provider.request({ method: 'eth_requestAccounts' }))
              }
            >
              Request accounts
            </button>
            <button
              type="button"
              className="button secondary"
              onClick={() =>
                void run('personal_sign', () =>
                  provider.request({
                    method: 'personal_sign',
                    params: ['0x48656c6c6f2046726f6e74646f6f72', state.address],
                  }),
                )
              }
            >
              Sign a message
            </button>
            <button
              type="button"
              className="button secondary"
              onClick={() =>
                void run('eth_sendTransaction', () =>
                  provider.request({
                    method: 'eth_sendTransaction',
                    params: [{ from: state.address, to: DEV_ACCOUNT, value: '0x38d7ea4c68000' }],
                  }),
                )
              }
            >
              Send 0.001 ETH
            </button>
          </div>
          <form
            className="balance"
            onSubmit={(event) => {
              event.preventDefault()
              void run('eth_getBalance', async () => {
                const wei = (await provider.request({
                  method: 'eth_getBalance',
                  params: [balanceOf, 'latest'],
                })) as string
                setBalance(`${Format.ether(wei)} ETH`)
                return wei
              })
            }}
          >
            <label htmlFor="balance-address">Read a balance</label>
            <div className="row">
              <input
                id="balance-address"
                value={balanceOf}
                onChange={(event) => setBalanceOf(event.target.value)}
                spellCheck={false}
              />
              <button type="submit" className="button secondary">
                Read
              </button>
            </div>
            <output data-testid="balance">{balance ?? ''}</output>
          </form>
          <form
            className="balance"
            onSubmit={(event) => {
              event.preventDefault()
              setPayment('pending')
              void run('pay', async () => {
                try {
                  const hash = await frontdoor.pay({ asset: FUSD, amount: payAmount, recipient: payTo })
                  setPayment(`paid ${hash}`)
                  return hash
                } catch (error) {
                  setPayment(`failed ${describe(error)}`)
                  throw error
                }
              })
            }}
          >
            <label htmlFor="pay-amount">Ask for a payment in FUSD</label>
            <div className="row">
              <input
                id="pay-amount"
                aria-label="Amount (FUSD)"
                value={payAmount}
                onChange={(event) => setPayAmount(event.target.value)}
                inputMode="decimal"
                size={6}
              />
              <input
                aria-label="Recipient"
                value={payTo}
                onChange={(event) => setPayTo(event.target.value)}
                spellCheck={false}
              />
              <button type="submit" className="button secondary">
                Pay
              </button>
            </div>
            <output data-testid="payment">{payment ?? ''}</output>
          </form>
        </section>

        <section className="card wide" aria-labelledby="log-title">
          <h2 id="log-title">Event log</h2>
          <ol className="log" aria-live="polite">
            {log.length === 0 ? <li className="muted">Events and results appear here.</li> : null}
            {log.map((entry) => (
              <li key={entry.id}>
                <time>{entry.at}</time> <strong>{entry.kind}</strong> <code>{entry.text}</code>
              </li>
            ))}
          </ol>
        </section>
      </main>
      <footer className="footer">
        <a href="/script-tag.html">The same modal with one script tag →</a>{' '}
        <a href="/embedded.html">Embedded in the page (inline mode) →</a>
      </footer>
    </div>
  )
}
