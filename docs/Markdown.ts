/**
 * Reads the repository's Markdown as the docs test checks it: fenced blocks with the marker before them,
 * relative links, and the repository paths named in backticks.
 */

/** A fenced block: its language, its lines, and the `<!-- … -->` marker on the line before it, if any. */
export type Fence = { lang: string; lines: string[]; marker: string | undefined; line: number }

export function fences(markdown: string): Fence[] {
  const lines = markdown.split('\n')
  const found: Fence[] = []
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)\s*$/.exec(lines[i] ?? '')
    if (!open) continue
    const end = lines.findIndex((line, j) => j > i && line.startsWith('```'))
    if (end < 0) throw new Error(`line ${i + 1}: a fence that never closes`)
    const before = lines
      .slice(0, i)
      .reverse()
      .find((line) => line.trim() !== '')
    const marker = /^<!--\s*(.*?)\s*-->$/.exec(before?.trim() ?? '')?.[1]
    found.push({ lang: open[1] ?? '', lines: lines.slice(i + 1, end), marker, line: i + 1 })
    i = end
  }
  return found
}

/** Markdown without its fenced blocks, so what a fence shows is not read as prose. */
function prose(markdown: string): string {
  return markdown.replace(/^```[^\n]*\n[\s\S]*?^```[^\n]*$/gm, '')
}

/** The targets of relative links (`[text](path#anchor)`), without the anchor; web addresses left out. */
export function relativeLinks(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1] ?? '')
    .filter((target) => !/^[a-z]+:/.test(target) && !target.startsWith('#'))
    .map((target) => target.replace(/#.*$/, ''))
}

const TOP = ['apps', 'packages', 'e2e', 'scripts', 'deploy', 'docs', 'bench', '.ci', '.changeset']

/**
 * The repository paths named in backticks (`apps/api/src/app.ts`, `e2e/siwx`): those under a top-level
 * folder of the repository, without patterns, placeholders, build output or test artifacts.
 */
export function repoPaths(markdown: string): string[] {
  return [...prose(markdown).matchAll(/`([^`\s]+)`/g)]
    .map((match) => (match[1] ?? '').replace(/[.,:;]+$/, ''))
    .filter((path) => TOP.some((top) => path.startsWith(`${top}/`)))
    .filter((path) => !/[*<>{}…|$]/.test(path))
    .filter((path) => !/(^|\/)(dist|node_modules|artifacts|\.cache)(\/|$)/.test(path))
    .map((path) => path.replace(/\((.*)\)$/, '').replace(/#.*$/, ''))
}

/**
 * Whether every line of `sample` (trimmed; blank ones and `// …`, which marks a cut, aside) appears in
 * `source`, in the same order.
 */
export function contains(source: string, sample: string[]): boolean {
  const lines = source.split('\n').map((line) => line.trim())
  let at = 0
  for (const line of sample.map((line) => line.trim()).filter((line) => line !== '' && line !== '// …')) {
    const found = lines.indexOf(line, at)
    if (found < 0) return false
    at = found + 1
  }
  return true
}
