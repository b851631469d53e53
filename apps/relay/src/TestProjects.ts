import * as ProjectAccess from './ProjectAccess.js'

/**
 * The projects relay tests connect with: `demo` (what sign-client test clients and RawClient name),
 * open to callers without an Origin (Node clients) and to the demo site, and `app`, with a web origin,
 * an iOS bundle id and an Android package name on its lists.
 */

/** The demo site's origin in tests (as the API seeds the `demo` project with DEMO_URL). */
const DEMO_ORIGIN = 'http://localhost:5173'

/** The allowlists of the `app` project. */
const APP = {
  allowedOrigins: ['https://app.example.com'],
  allowedBundleIds: ['com.example.wallet'],
  allowedPackageNames: ['com.example.android'],
} as const

/** A fixed registry holding `demo` and `app`. */
export function registry(): ProjectAccess.Registry {
  return ProjectAccess.fixed({
    demo: { allowedOrigins: [DEMO_ORIGIN] },
    app: {
      allowedOrigins: [...APP.allowedOrigins],
      allowedBundleIds: [...APP.allowedBundleIds],
      allowedPackageNames: [...APP.allowedPackageNames],
    },
  })
}
