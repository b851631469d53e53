import { defineConfig } from 'drizzle-kit'

/**
 * drizzle-kit's configuration: the schema is src/db/Tables.ts, the generated migrations go to
 * migrations/ (under version control; the server applies them at start). `npm run db:generate` after a
 * change to the tables writes the next migration.
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/Tables.ts',
  out: './migrations',
})
