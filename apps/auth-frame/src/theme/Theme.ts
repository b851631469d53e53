import type * as HostModal from '@frontdoor/protocol/host-modal'

/**
 * The approval screen follows the modal's theme (the `syncTheme` message): light or dark, and the
 * page's accent, font and corner radius. Values were validated by the protocol (no `;{}<>\`). The
 * page's accent never styles Approve (styles.css gives it the frame's own --af-approve): a page must
 * not make Approve look like its own button, or Decline like Approve.
 */

/** The CSS variables a theme sets: the page's values. */
export const PAGE_VARIABLES = ['--af-accent', '--af-font', '--af-radius'] as const

/** Applies `theme` to `element` (the document's root). */
export function apply(element: HTMLElement, theme: HostModal.Theme) {
  element.dataset.theme = theme.themeMode ?? 'light'
  const variables = theme.themeVariables ?? {}
  const set = (name: (typeof PAGE_VARIABLES)[number], value: string | undefined) =>
    value === undefined ? element.style.removeProperty(name) : element.style.setProperty(name, value)
  set('--af-accent', variables.accent)
  set('--af-font', variables.font)
  set('--af-radius', variables.radius === undefined ? undefined : `${variables.radius}px`)
}
