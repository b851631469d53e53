import { FrameServer, Origins } from '@frontdoor/frame-server'
import * as Version from '@frontdoor/protocol/version'
import { Project } from '@frontdoor/schemas'
import * as z from 'zod/mini'

/**
 * The auth frame as the frame server serves it: a CSP whose `frame-ancestors` lets only the modal
 * frame embed the embedded wallet, inside pages the project allows. CSP checks every ancestor, not
 * only the parent, so the list is the modal's origin plus the project's allowed origins (the pages the
 * modal itself may be framed by); with no project, or when its origins cannot be read, only the
 * modal's origin: nested anywhere, the frame is then refused (fail closed). That the parent is the
 * modal is checked in the frame itself (`location.ancestorOrigins`) and by its bridge, which answers
 * the modal's origin only.
 *
 * The modal names the page it serves (`?origin=`, the origin its handshake attested). A page the
 * project's allowed origins do not hold (or that cannot be checked) gets the unverified-domain
 * document instead: framed by the modal in that page only, it starts no wallet and only tells the modal
 * (spec section 8's unverified domain), where the CSP would otherwise block the frame without a word.
 */

/** Where the server finds its files and the other parts. */
export type Options = {
  /** The auth frame build (vite's dist/). */
  distDir: string
  /** The modal frame: the only origin that may embed this frame and talk to it. */
  modalUrl: string
  /** The API the frame calls (auth, vault, RPC proxy). */
  apiUrl: string
  /** The API the frame calls instead in the restricted time zones (China regions), if any. */
  regionalApiUrl?: string | undefined
  /** The API as this server reaches it (API_INTERNAL_URL, behind an edge), for the allowed origins; default `apiUrl`. */
  internalApiUrl?: string | undefined
  /** How long a project's allowed origins are kept. */
  originsCacheMs?: number
}

/** What the auth frame reports to the API when it reads a project's origins. */
const CLIENT = { st: 'frontdoor-auth', sv: Version.SDK_VERSION }

/** The origin of an http(s) URL; throws on anything else, so a bad address never reaches a header. */
export function originOf(url: string): string {
  const parsed = new URL(url)
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new TypeError(`not http(s): ${url}`)
  return parsed.origin
}

/** The auth frame: its headers and meta tags as data, for {@link FrameServer.app}. Throws on a bad URL. */
export function frame(options: Options): FrameServer.Frame {
  const modal = originOf(options.modalUrl)
  const api = originOf(options.apiUrl)
  const regional = options.regionalApiUrl ? originOf(options.regionalApiUrl) : undefined
  const originsOf = Origins.create({
    apiUrl: options.internalApiUrl || options.apiUrl,
    client: CLIENT,
    schema: Project.AllowedOriginsResponse,
    ...(options.originsCacheMs === undefined ? {} : { cacheMs: options.originsCacheMs }),
  })
  return {
    distDir: options.distDir,
    // Framed by the modal only (frame-ancestors, per page); talks to the API only.
    contentSecurityPolicy: {
      defaultSrc: ["'none'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:'],
      connectSrc: regional ? [api, regional] : [api],
      baseUri: ["'none'"],
      formAction: ["'none'"],
    },
    permissionsPolicy: { ...FrameServer.UNUSED_FEATURES, clipboardWrite: [] },
    page: async ({ projectId, origin }) => {
      // An unreadable list (error) leaves only the modal: fail closed.
      const pageOrigins =
        projectId && z.safeParse(Project.ProjectId, projectId).success
          ? (await originsOf(projectId)).allowedOrigins
          : []
      const unverified = origin !== undefined && !pageOrigins.includes(origin)
      // The meta tags the frame reads (see src/env/Env.ts).
      return {
        frameAncestors: unverified ? [modal, origin] : [...new Set([modal, ...pageOrigins])],
        meta: {
          'frontdoor:unverified-domain': unverified ? 'true' : undefined,
          'frontdoor:modal-origin': modal,
          'frontdoor:api-url': options.apiUrl.replace(/\/$/, ''),
          ...(options.regionalApiUrl
            ? { 'frontdoor:regional-api-url': options.regionalApiUrl.replace(/\/$/, '') }
            : {}),
        },
      }
    },
  }
}
