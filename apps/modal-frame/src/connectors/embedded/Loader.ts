import type * as Embedded from './Embedded.js'

/**
 * The eager side of the embedded connector: a few lines that load its module (the auth frame host and
 * the modal <-> auth messages) when email or social login is on, or when a stored embedded session is
 * restored. Nothing of it is in the modal's first load.
 */

/** Options of {@link create}. */
export type Options = {
  settings: () => Embedded.Settings
  ui: Embedded.Ui
  onAlert?: NonNullable<Embedded.Options['onAlert']>
}

/** Creates the loader: `get()` gives the one connector (created on the first call). */
export function create(options: Options) {
  let connector: Promise<Embedded.Embedded> | undefined
  const get = (): Promise<Embedded.Embedded> => {
    if (!connector) {
      const loading = import('./Embedded.js').then((module) => module.create(options))
      connector = loading
      loading.catch(() => {
        if (connector === loading) connector = undefined
      })
    }
    return connector
  }
  return {
    get,
    /** Loads the connector and creates its hidden frame, so the first login does not wait for it. */
    preload() {
      get()
        .then((embedded) => embedded.preload())
        .catch(() => {})
    },
  }
}
