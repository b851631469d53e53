export * as DevOidc from './DevOidc.js'
export * as SmtpSink from './SmtpSink.js'
export * as StandIns from './StandIns.js'
