#!/usr/bin/env bash
# Installs everything ObsiQuery needs on a fresh machine: Debian's Chromium for the browser tests (when
# missing and we may install it), the npm packages exactly as locked, and the bundled models.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium >/dev/null 2>&1 && [ ! -x /usr/bin/chromium ]; then
  if command -v apt-get >/dev/null 2>&1 && { [ "$(id -u)" = 0 ] || command -v sudo >/dev/null 2>&1; }; then
    SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
    echo "==> Installing Chromium (end-to-end tests drive it)"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
  else
    echo "warning: Chromium not found; install it to run the end-to-end tests (Debian: apt-get install chromium)." >&2
  fi
fi
if ! python3 -m pip --version >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
  apt-get install -y -qq python3-pip >/dev/null
fi

echo "==> Installing npm packages"
# onnxruntime's optional CUDA download is never needed: ObsiQuery embeds on the CPU.
export ONNXRUNTIME_NODE_INSTALL=skip ONNXRUNTIME_NODE_INSTALL_CUDA=skip
# Electron's binary comes from GitHub, not from the npm registry. Where that is unreachable (CI, this
# project's build machines) skip it: everything but the desktop shell runs and is tested without it.
if [ -z "${ELECTRON_SKIP_BINARY_DOWNLOAD:-}" ] && ! node -e "fetch('https://github.com',{method:'HEAD',signal:AbortSignal.timeout(5000)}).then(()=>process.exit(0),()=>process.exit(1))" 2>/dev/null; then
  echo "    (GitHub unreachable: skipping Electron's binary download; web mode and all tests still work)"
  export ELECTRON_SKIP_BINARY_DOWNLOAD=1
fi
npm ci --no-fund --no-audit

echo "==> Fetching models"
npm run --silent models
