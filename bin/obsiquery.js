#!/usr/bin/env node
// The CLI runs the TypeScript sources directly through tsx, so tests, benchmarks and power users always
// exercise the same code the app bundles, with no build step in between.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
