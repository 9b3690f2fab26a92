import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['test/**/*.test.ts'],
    typecheck: {
      include: ['test/**/*.test-d.ts'],
      tsconfig: 'test/tsconfig.json',
    },
  },
});
