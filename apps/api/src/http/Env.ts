import type { Logger } from 'pino'
import type * as Answer from './Answer.js'

/** What every request's context holds once the app's middleware ran: Answer's variables and the request's logger. */
export type Env = { Variables: Answer.Variables & { logger: Logger } }
