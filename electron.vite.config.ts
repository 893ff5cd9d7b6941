import { resolve } from 'node:path';
import { defineConfig, externalizeDepsPlugin } from 'electron-vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  main: {
    plugins: [externalizeDepsPlugin()],
    build: {
      rollupOptions: {
        // Two entries: the main process, and the pipeline worker it starts with utilityProcess.fork.
        input: {
          index: resolve(__dirname, 'src/main/index.ts'),
          pipelineWorker: resolve(__dirname, 'src/main/pipelineWorker.ts'),
        },
      },
    },
  },
  preload: {
    // A sandboxed preload may require only electron (and events, timers, url): the preload imports nothing but
    // electron and src/shared/channels.ts, so externalizing leaves exactly `require("electron")`.
    // test/shell/preload.test.ts loads the built file under those rules.
    plugins: [externalizeDepsPlugin()],
    build: {
      rollupOptions: {
        input: { index: resolve(__dirname, 'src/preload/index.ts') },
        // Sandboxed preloads cannot require ESM; emit CommonJS.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    plugins: [react()],
    build: {
      rollupOptions: { input: { index: resolve(__dirname, 'src/renderer/index.html') } },
    },
  },
});
