export * as FrameServer from './FrameServer.js'
export * as Origins from './Origins.js'
