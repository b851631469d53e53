import * as Format from '@frontdoor/schemas/presentation/format'
import { useEffect, useState } from 'react'
import { useController } from '../../controller/context.js'
import * as SignIn from '../../siwx/Siwx.js'
import { useStore } from '../../store/useStore.js'

/**
 * SIWXSignMessage (lazy chunk): the page asks the visitor to sign in with the wallet. 'Sign' asks the
 * wallet to sign the page's message; success adds a session and closes the modal, a decline or a
 * failure stays here with its error (spec section 4). 'Cancel' closes, or when sign-in is required
 * switches back to the last network with a session, or disconnects.
 */
export default function SIWXSignMessage() {
  const controller = useController()
  const { host, address } = useStore(controller.state)
  const signIn = SignIn.current()
  const [busy, setBusy] = useState<'sign' | 'cancel' | undefined>()
  const [error, setError] = useState<string | undefined>(() => signIn?.lastError())
  useEffect(() => signIn?.onError(() => setError(signIn.lastError())), [signIn])
  const name = host?.info.metadata.name ?? 'This app'
  const run = async (what: 'sign' | 'cancel') => {
    if (!signIn || busy) return
    setBusy(what)
    setError(undefined)
    try {
      await (what === 'sign' ? signIn.signIn() : signIn.cancel())
    } catch (failure) {
      setError(SignIn.errorOf(failure))
    } finally {
      setBusy(undefined)
    }
  }
  return (
    <div className="fd-placeholder" aria-busy={busy !== undefined}>
      <p className="fd-placeholder-title">{name} wants to connect to your wallet</p>
      <p className="fd-muted">
        Sign a message to prove you own {address ? Format.truncateAddress(address) : 'this wallet'}. Signing
        is free and sends no transaction.
        {signIn?.required() ? ' This app requires it.' : ''}
      </p>
      {error ? (
        <p className="fd-error-text" role="alert">
          {error}
        </p>
      ) : null}
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 8, width: '100%', marginTop: 8 }}>
        <button
          type="button"
          className="fd-button"
          data-variant="secondary"
          disabled={!signIn || busy !== undefined}
          onClick={() => void run('cancel')}
        >
          Cancel
        </button>
        <button
          type="button"
          className="fd-button"
          disabled={!signIn || busy !== undefined}
          onClick={() => void run('sign')}
        >
          {busy === 'sign' ? 'Signing…' : 'Sign'}
        </button>
      </div>
    </div>
  )
}
