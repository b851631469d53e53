// `npm run frontdoor -- projects list|create|show|set-origins|set-feature|set-socials|set-analytics ...`, `vault status|rotate`
import * as Cli from '../apps/api/src/cli.js'

process.exitCode = await Cli.run(process.argv.slice(2), {
  env: process.env,
  print: (line) => console.log(line),
})
