import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/*/tables.ts', './src/features/**/tables.ts'],
  out: './drizzle',
});
