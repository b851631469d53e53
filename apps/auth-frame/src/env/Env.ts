import * as ModalAuth from '@frontdoor/protocol/modal-auth'
import * as Constants from '@frontdoor/schemas/constants'

/** What the frame learned from its server: who may talk to it and where the API is. */
export type Env = {
  /** The modal frame's origin: the only window this frame answers. */
  modalOrigin: string
  /**
   * The API (auth, vault, RPC proxy), without a trailing slash: in a restricted time zone (China
   * regions) the regional API when the server names one.
   */
  apiUrl: string
  /**
   * The server could not verify the page the modal serves (not on the project's allowed origins): the
   * frame only tells the modal (spec section 8's unverified domain).
   */
  unverifiedDomain: boolean
  /** The page turned analytics off (the modal's `?analytics=off`): the frame sends no error report. */
  analyticsOff: boolean
}

/** The `<meta>` names the frame server writes into index.html. */
export const META = {
  modalOrigin: 'frontdoor:modal-origin',
  apiUrl: 'frontdoor:api-url',
  regionalApiUrl: 'frontdoor:regional-api-url',
  unverifiedDomain: 'frontdoor:unverified-domain',
} as const

const restricted: ReadonlySet<string> = new Set(
  Constants.RESTRICTED_TIMEZONES.map((zone) => zone.toLowerCase()),
)

/** Whether an IANA time zone is one of the spec's restricted (China regions) list. */
export function isRestrictedTimeZone(timeZone: string | undefined): boolean {
  return timeZone !== undefined && restricted.has(timeZone.toLowerCase())
}

/** The browser's time zone, or undefined where it cannot tell. */
function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone
  } catch {
    return undefined
  }
}

function meta(doc: Document, name: string): string | undefined {
  return doc.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content || undefined
}

function exactOrigin(value: string | undefined): string | undefined {
  if (!value) return undefined
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value ? value : undefined
  } catch {
    return undefined
  }
}

/**
 * Reads the environment from the document, choosing the regional API in a restricted time zone (the
 * browser's, unless given). Throws when the server did not say who the modal is: the frame then talks
 * to nobody.
 */
export function read(
  doc: Document = document,
  timeZone: string | undefined = browserTimeZone(),
  search: string = doc.location?.search ?? '',
): Env {
  const modalOrigin = exactOrigin(meta(doc, META.modalOrigin))
  const regional = isRestrictedTimeZone(timeZone) ? meta(doc, META.regionalApiUrl) : undefined
  const apiUrl = (regional ?? meta(doc, META.apiUrl))?.replace(/\/$/, '')
  if (!modalOrigin || !apiUrl || !exactOrigin(new URL(apiUrl).origin))
    throw new Error('frontdoor auth frame: the server did not name the modal origin and the API')
  return {
    modalOrigin,
    apiUrl,
    unverifiedDomain: meta(doc, META.unverifiedDomain) === 'true',
    analyticsOff: new URLSearchParams(search).get(ModalAuth.ANALYTICS_PARAM) === ModalAuth.ANALYTICS_OFF,
  }
}

/**
 * Whether the parent is the modal. CSP lets the allowed pages hold the modal that holds this frame, so
 * it cannot tell the parent from the grandparent; `location.ancestorOrigins` (Chromium, Safari) can.
 */
export function parentIsModal(modalOrigin: string, ancestorOrigins: DOMStringList | undefined): boolean {
  return ancestorOrigins === undefined || ancestorOrigins[0] === modalOrigin
}

/**
 * The origin of the page that holds the modal, as the browser confirms it: the last entry of
 * `location.ancestorOrigins` (Chromium, Safari), after the modal's. Undefined where the browser does
 * not say, or when only the modal is an ancestor.
 */
export function pageOrigin(ancestorOrigins: DOMStringList | undefined): string | undefined {
  if (!ancestorOrigins || ancestorOrigins.length < 2) return undefined
  return ancestorOrigins[ancestorOrigins.length - 1] ?? undefined
}

/**
 * The origin the approval screen names as confirmed: the browser's `location.ancestorOrigins` where it
 * exists (Chromium, Safari); elsewhere (Firefox) the origin the modal attested from its handshake with
 * the page (`hostOrigin` of syncDappData). The modal is this frame's pinned parent, so its word is
 * trusted; the page's own metadata never is.
 */
export function confirmedOrigin(
  ancestorOrigins: DOMStringList | undefined,
  modalAttested: string | undefined,
): string | undefined {
  if (ancestorOrigins !== undefined) return pageOrigin(ancestorOrigins)
  return modalAttested
}

/**
 * Whether the URL a page claims in its metadata is on the origin the browser confirmed; undefined when
 * either is unknown (nothing to compare).
 */
export function claimMatches(confirmedOrigin: string | undefined, claimedUrl: string | undefined) {
  if (!confirmedOrigin || !claimedUrl) return undefined
  try {
    return new URL(claimedUrl).origin === confirmedOrigin
  } catch {
    return false
  }
}
