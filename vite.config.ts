/// <reference types="vitest/config" />
import { defineConfig } from 'vite';

// Placeholder: completed by the app wiring. Vitest projects live here so there is one config.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
    ],
  },
});
