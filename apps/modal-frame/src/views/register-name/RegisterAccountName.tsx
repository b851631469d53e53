import * as Constants from '@frontdoor/schemas/constants'
import * as Errors from '@frontdoor/schemas/errors'
import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useEffect, useId, useState } from 'react'
import { AccountRoot, useQueries, useScope } from '../../account/Context.js'
import * as Queries from '../../account/Queries.js'
import { useController } from '../../controller/context.js'
import { useStore } from '../../store/useStore.js'
import { useAutofocus } from '../../ui/useAutofocus.js'
import * as NameApi from './NameApi.js'
import * as NameForm from './NameForm.js'
import * as RegisterStore from './RegisterStore.js'
import '../../ui/account.css'
import '../../ui/field.css'
import './register-name.css'

/** The query of the names an address already has. */
const ownedKey = (address: string) => ['namesForAddress', address.toLowerCase()] as const

/** How long the field waits after the last key before it asks for suggestions. */
const SUGGESTIONS_DEBOUNCE_MS = 300

/**
 * RegisterAccountName: the visitor types a name, sees whether it is free and a few free variations as
 * they type, then the wallet signs the registration and the API records it (spec section 4: loading,
 * sign message, register, RegisterAccountNameSuccess; on failure back to this view with the error).
 * EVM accounts only.
 */
export default function RegisterAccountName() {
  return (
    <AccountRoot>
      <Connected />
    </AccountRoot>
  )
}

function Connected() {
  const controller = useController()
  const { host } = useStore(controller.state)
  const scope = useScope()
  if (!scope) return <NotReady message={Errors.NAMES.ADDRESS_OR_CONNECTOR_NOT_FOUND} />
  // Names are EVM only: the account must be on one of the page's EVM networks.
  if (!host?.info.networks.some((n) => n.caipNetworkId === Queries.caip2(scope.chainId)))
    return <NotReady message={Errors.NAMES.NETWORK_NOT_FOUND} />
  return <Form scope={scope} />
}

function NotReady({ message }: { message: string }) {
  return (
    <p className="fd-error-text" role="alert">
      {message}
    </p>
  )
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return debounced
}

function Form({ scope }: { scope: Queries.Scope }) {
  const store = RegisterStore.frame
  const controller = useController()
  const queries = useQueries()
  // Kept in a store: the embedded wallet's approval view unmounts this one while the visitor approves.
  const { typed, step, error } = useStore(store)
  const setTyped = (value: string) => store.update({ typed: value, error: undefined })
  const root = useAutofocus<HTMLFormElement>(step)
  const ids = { field: useId(), hint: useId(), error: useId(), list: useId() }
  const label = NameForm.label(typed)
  const problem = NameForm.problem(typed)
  const asked = useDebounced(problem === undefined ? label : '', SUGGESTIONS_DEBOUNCE_MS)
  const suggestions = useQuery({
    queryKey: ['nameSuggestions', asked] as const,
    queryFn: () => NameApi.suggestions(scope.context, asked),
    enabled: asked !== '',
    staleTime: 10_000,
    retry: false,
  })
  // The names the account already has (the page may open this view for any account): shown above the
  // field; a failed lookup is the spec's error, and does not stop a registration.
  const owned = useQuery({
    queryKey: ownedKey(scope.address),
    queryFn: () => NameApi.namesOf(scope.context, scope.address),
    staleTime: Constants.ENS_CACHE_S * 1000,
    retry: false,
  })
  const settled = asked === label && label !== '' && problem === undefined
  const exact = settled
    ? suggestions.data?.suggestions.find((s) => s.name === NameForm.fullName(label))
    : undefined
  const taken = exact?.registered === true
  const busy = step !== 'edit'
  const shown =
    error ??
    problem ??
    (suggestions.isError
      ? Errors.NAMES.SUGGESTIONS
      : owned.isError
        ? Errors.NAMES.NAMES_FOR_ADDRESS
        : undefined)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy || !label || problem || taken) return
    const name = NameForm.fullName(label)
    store.update({ step: 'sign', error: undefined })
    const { router } = controller
    // The registration is this view's pending transaction: a wallet view pushed over it (the embedded
    // wallet's approval) comes back here when it is done instead of closing the modal (spec section 4).
    router.pushTransaction('RegisterAccountName')
    let signature: string
    const message = NameForm.message(name, Date.now())
    try {
      signature = String(
        await controller.connection.request('personal_sign', [NameForm.toHex(message), scope.address]),
      )
    } catch (failure) {
      return store.update({ step: 'edit', error: messageOf(failure) })
    } finally {
      router.popTransaction()
      if (router.get().history.at(-1)?.view === 'RegisterAccountName') router.goBack()
    }
    store.update({ step: 'register' })
    try {
      await NameApi.register(scope.context, { coin_type: 60, address: scope.address, message, signature })
    } catch (failure) {
      return store.update({ step: 'edit', error: `${Errors.NAMES.REGISTER}: ${messageOf(failure)}` })
    }
    // The Account header and Send read the name from the identity query: tell them now.
    const { queryKey } = queries.identity(scope.context, scope.address)
    queries.client.setQueryData(queryKey, { name, avatar: null })
    void queries.client.invalidateQueries({ queryKey })
    void queries.client.invalidateQueries({ queryKey: ownedKey(scope.address) })
    store.reset()
    router.replace('RegisterAccountNameSuccess', { name })
  }

  return (
    <form className="fd-register-name" ref={root} onSubmit={submit} aria-busy={busy} noValidate>
      {owned.data?.length ? (
        <p className="fd-register-hint">
          This account has {owned.data.map((profile) => profile.name).join(', ')}
        </p>
      ) : null}
      <div className="fd-field">
        <label htmlFor={ids.field}>Account name</label>
        <div className="fd-input">
          <input
            id={ids.field}
            data-autofocus
            value={typed}
            disabled={busy}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={shown !== undefined || taken}
            aria-describedby={`${ids.hint} ${ids.error}`}
            onChange={(event) => setTyped(event.target.value)}
          />
          <span className="fd-input-suffix" aria-hidden="true">
            {NameForm.SUFFIX}
          </span>
        </div>
        <p id={ids.hint} className="fd-register-hint" aria-live="polite">
          {!label || problem
            ? 'Letters, numbers and hyphens, at least 4 characters.'
            : !settled || suggestions.isPending
              ? 'Checking…'
              : exact
                ? taken
                  ? `${exact.name} is taken`
                  : `${exact.name} is available`
                : ''}
        </p>
        <p id={ids.error} className="fd-error-text" role="alert">
          {shown ?? ''}
        </p>
      </div>
      {settled && suggestions.data && suggestions.data.suggestions.length > 1 ? (
        <section aria-labelledby={ids.list}>
          <h2 id={ids.list} className="fd-group-month">
            Suggestions
          </h2>
          <ul className="fd-rows">
            {suggestions.data.suggestions
              .filter((s) => !s.registered && s.name !== NameForm.fullName(label))
              .map((s) => (
                <li key={s.name}>
                  <button
                    type="button"
                    className="fd-name-suggestion"
                    disabled={busy}
                    onClick={() => setTyped(NameForm.label(s.name))}
                  >
                    <span>{s.name}</span>
                    <span className="fd-name-free">Available</span>
                  </button>
                </li>
              ))}
          </ul>
        </section>
      ) : null}
      <button
        type="submit"
        className="fd-button"
        disabled={busy || !label || problem !== undefined || taken || !settled || suggestions.isPending}
      >
        {step === 'sign'
          ? 'Sign the message in your wallet…'
          : step === 'register'
            ? 'Registering…'
            : 'Register'}
      </button>
    </form>
  )
}

/** What a wallet's or the API's error says. */
function messageOf(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message
  return typeof message === 'string' && message ? message : Errors.FRAME.SOMETHING_WENT_WRONG
}
