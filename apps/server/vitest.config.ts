import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file builds its own app on its own database (in-memory PGlite or a PostgreSQL schema).
    pool: 'forks',
    maxWorkers: 2,
  },
});
