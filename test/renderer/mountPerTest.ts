/** The DOM set-up every renderer test shares: a React root on a fresh element per test, torn down after it. */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';
import { setApi } from '../../src/renderer/src/bridge/api.js';

// Tells React it runs under a test, so act() flushes updates and warns about updates outside it.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface Mounted {
  container: HTMLDivElement;
  root: Root;
}

/**
 * For each test of the enclosing describe (or file): before it, a <div> in the document with a React root on it,
 * handed to `use`; after it, the root unmounted, the div removed, `reset` run (stores back to where they start,
 * as the next test expects them) and the renderer API cleared.
 */
export function mountPerTest(use: (mounted: Mounted) => void, reset: () => void = () => {}): void {
  let mounted: Mounted | undefined;
  beforeEach(() => {
    const container = document.createElement('div');
    document.body.appendChild(container);
    mounted = { container, root: createRoot(container) };
    use(mounted);
  });
  afterEach(() => {
    if (mounted) {
      const { root, container } = mounted;
      act(() => root.unmount());
      container.remove();
    }
    mounted = undefined;
    reset();
    setApi(null);
  });
}
