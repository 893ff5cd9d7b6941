import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The same renderer, built for web mode (`obsiquery serve`), where a WebSocket bridge replaces the preload. */
export default defineConfig({
  root: resolve(import.meta.dirname, 'src/renderer'),
  base: './',
  plugins: [react()],
  build: { outDir: resolve(import.meta.dirname, 'out/web'), emptyOutDir: true },
});
