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
 * `dataDir`, else in memory) and the mailer (SMTP_URL, SMTP_CA_FILE).
 *
 * @example
 * const auth = AuthDeps.create({ config, masterKey: env.VAULT_MASTER_KEY, dataDir, logger })
 */
export function create(options: {
  config: Pick<Config.Config, 'smtpUrl' | 'smtpCa' | 'mailFrom' | 'environment'>
  masterKey: string | undefined
  dataDir: string | undefined
  logger: Logger
}): AuthDeps {
  const master = MasterKey.load({
    value: options.masterKey,
    dataDir: options.dataDir,
    logger: options.logger,
    development: options.config.environment === 'development',
  })
  return {
    vault: Vault.create(master),
    mailer: Mailer.create({
      url: options.config.smtpUrl,
      from: options.config.mailFrom,
      ca: options.config.smtpCa,
    }),
    now: Date.now,
  }
}
