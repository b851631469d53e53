/** What the deployment checks read from a Dockerfile (no Docker needed). */

/** One COPY instruction: its sources, and the stage it copies from (undefined: the build context). */
export type Copy = { from: string | undefined; sources: string[]; line: number }

/** One build stage: its base image, its name, and the last USER it sets. */
type Stage = { image: string; name: string | undefined; user: string | undefined }

export type Parsed = {
  /** The named stages, in order. */
  stages: string[]
  all: Stage[]
  copies: Copy[]
  /** Names given values by ENV. */
  env: string[]
}

/** The instructions of a Dockerfile: continuation lines joined, comments and blank lines dropped. */
function instructions(text: string): { line: number; text: string }[] {
  const result: { line: number; text: string }[] = []
  let current: { line: number; text: string } | undefined
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim()
    if (!current && (line === '' || line.startsWith('#'))) return
    if (current && line.startsWith('#')) return
    const continued = line.endsWith('\\')
    const part = continued ? line.slice(0, -1).trim() : line
    if (current) current.text += ` ${part}`
    else current = { line: index + 1, text: part }
    if (!continued) {
      result.push(current)
      current = undefined
    }
  })
  if (current) result.push(current)
  return result
}

/** Reads the stages, COPY instructions and ENV names of a Dockerfile. */
export function parse(text: string): Parsed {
  const all: Stage[] = []
  const copies: Copy[] = []
  const env: string[] = []
  for (const { line, text: instruction } of instructions(text)) {
    const [keyword = '', ...rest] = instruction.split(/\s+/)
    const args = rest.join(' ')
    switch (keyword.toUpperCase()) {
      case 'FROM': {
        const match = /^(?:--platform=\S+\s+)?(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args)
        const image = match?.[1] ?? args
        // A stage built on an earlier one keeps its user.
        const base = all.find((stage) => stage.name !== undefined && stage.name === image)
        all.push({ image, name: match?.[2], user: base?.user })
        break
      }
      case 'USER': {
        const stage = all.at(-1)
        if (stage) stage.user = args
        break
      }
      case 'ENV': {
        for (const match of args.matchAll(/(?:^|\s)([A-Za-z_][A-Za-z0-9_]*)=/g)) env.push(match[1] as string)
        break
      }
      case 'COPY':
      case 'ADD': {
        let from: string | undefined
        const words = args.startsWith('[') ? (JSON.parse(args) as string[]) : args.split(/\s+/)
        const paths: string[] = []
        for (const word of words) {
          if (word.startsWith('--from=')) from = word.slice('--from='.length)
          else if (!word.startsWith('--')) paths.push(word)
        }
        copies.push({ from, sources: paths.slice(0, -1), line })
        break
      }
    }
  }
  return { stages: all.flatMap((stage) => (stage.name ? [stage.name] : [])), all, copies, env }
}
