import { Constants } from '@frontdoor/schemas'

/**
 * Preloads wallet icons before their rows show, waiting at most the spec's image preload wait
 * (2000 ms, spec section 9): a slow or broken image never holds the list back longer.
 */

/** Loads one image; resolves when it loaded or failed. */
export type Load = (url: string) => Promise<void>

const loadImage: Load = (url) =>
  new Promise((resolve) => {
    if (typeof Image === 'undefined') return resolve()
    const image = new Image()
    image.onload = () => resolve()
    image.onerror = () => resolve()
    image.src = url
  })

/** Resolves once every one of `urls` loaded (or failed), or after `waitMs`, whichever comes first. */
export function preload(
  urls: readonly (string | undefined)[],
  options: { waitMs?: number; load?: Load } = {},
): Promise<void> {
  const wanted = [...new Set(urls.filter((u): u is string => Boolean(u)))]
  if (wanted.length === 0) return Promise.resolve()
  const load = options.load ?? loadImage
  let timer: ReturnType<typeof setTimeout> | undefined
  const wait = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, options.waitMs ?? Constants.IMAGE_PRELOAD_WAIT_MS)
  })
  const all = Promise.allSettled(wanted.map((url) => load(url))).then(() => undefined)
  return Promise.race([all, wait]).finally(() => clearTimeout(timer))
}

/**
 * `fetch` of wallet pages whose answer comes once the page's wallet icons are preloaded (or after the
 * 2000 ms wait).
 */
export function withIcons<query, page extends { data: readonly { image_url?: string | undefined }[] }>(
  fetch: (query: query) => Promise<page>,
  options: { waitMs?: number; load?: Load } = {},
): (query: query) => Promise<page> {
  return async (query) => {
    const page = await fetch(query)
    await preload(
      page.data.map((wallet) => wallet.image_url),
      options,
    )
    return page
  }
}
