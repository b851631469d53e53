/** Embedded-wallet frame errors. */
export const FRAME = {
  EMAIL_LOGIN_DEPENDENCY: 'Unable to load email login dependency',
  /** When an error reply has no message of its own. */
  AN_ERROR_OCCURRED: 'An error occurred',
  REQUEST_ABORTED: 'Request was aborted',
  SOMETHING_WENT_WRONG: 'Something went wrong',
  /** Reported event when the frame does not load in time. */
  IFRAME_LOAD_FAILED: 'iframe_load_failed',
  /** Reported event when a login/connect request times out. */
  IFRAME_REQUEST_TIMEOUT: 'iframe_request_timeout',
  /** Reported event when the auth frame's server cannot verify the page (not on the project's allowlist). */
  UNVERIFIED_DOMAIN: 'unverified_domain',
} as const
