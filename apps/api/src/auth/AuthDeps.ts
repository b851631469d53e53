import type { Logger } from 'pino'
import type * as Config from '../Config.js'
import * as Mailer from './email/Mailer.js'
import * as MasterKey from './vault/MasterKey.js'
import * as Vault from './vault/Vault.js'

/** What the embedded wallet's routes need beyond the API's shared dependencies. */
export type AuthDeps = {
  vault: Vault.Vault
  mailer: Mailer.Mailer
  /** The clock of OTP expiry, cooldowns, lockouts and sessions (tests move it). */
  now: () => number
}

/**
 * The vault (master key from VAULT_MASTER_KEY; in development only, else a development key in
 * `dataDir`, else in memory; during a rotation also the key being retired, VAULT_MASTER_KEY_PREVIOUS)
 * and the mailer (SMTP_URL, SMTP_CA_FILE).
 *
 * @example
 * const auth = AuthDeps.create({ config, masterKey: env.VAULT_MASTER_KEY, previousMasterKey: env.VAULT_MASTER_KEY_PREVIOUS, dataDir, logger })
 */
export function create(options: {
  config: Pick<Config.Config, 'smtpUrl' | 'smtpCa' | 'mailFrom' | 'environment'>
  masterKey: string | undefined
  previousMasterKey?: string | undefined
  dataDir: string | undefined
  logger: Logger
}): AuthDeps {
  return {
    vault: vault(options),
    mailer: Mailer.create({
      url: options.config.smtpUrl,
      from: options.config.mailFrom,
      ca: options.config.smtpCa,
    }),
    now: Date.now,
  }
}

/** The vault of the environment's master keys (see {@link create}); the CLI's `vault` commands use it too. */
export function vault(options: {
  config: Pick<Config.Config, 'environment'>
  masterKey: string | undefined
  previousMasterKey?: string | undefined
  dataDir: string | undefined
  logger: Logger
}): Vault.Vault {
  const master = MasterKey.load({
    value: options.masterKey,
    dataDir: options.dataDir,
    logger: options.logger,
    development: options.config.environment === 'development',
  })
  const previous = MasterKey.previous(options.previousMasterKey, master)
  if (previous)
    options.logger.warn(
      { masterKeyId: master.id, previousKeyId: previous.id },
      'vault: rotating the master key: data keys under either key open; run `vault rotate`, then remove VAULT_MASTER_KEY_PREVIOUS',
    )
  return Vault.create(master, previous)
}
