import { useEffect, useRef } from 'react'

/**
 * Moves focus to the `[data-autofocus]` element inside the returned ref whenever `step` changes (and on
 * mount: a lazy view appears after the App's own focus move has run).
 */
export function useAutofocus<T extends HTMLElement>(step: unknown) {
  const ref = useRef<T>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves when the step changes
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus({ preventScroll: true })
  }, [step])
  return ref
}
