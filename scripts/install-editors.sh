#!/usr/bin/env bash
# Installs the editors the end-to-end tests drive: real VS Code (code-server, from npm), Chromium (for Playwright)
# and Neovim. Idempotent: every step is skipped when its result is already there. Fails loudly: CI must not skip.
#
#   bash scripts/install-editors.sh
#
# code-server goes into a cache folder outside the project's dependencies so it survives between runs:
#   ${MCP_HINTS_EDITORS_DIR:-$HOME/.cache/mcp-hints}/code-server-<version>
# test/vscode/editors.ts computes the same path.
set -euo pipefail

CODE_SERVER_VERSION=4.100.3
# code-server 4.100.3 pins @vscode/ripgrep 1.15.11, whose postinstall downloads this asset from GitHub
# (unreachable here) unless it is already in its cache folder.
RIPGREP_PACKAGE_VERSION=1.15.11
RIPGREP_ASSET=ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz

EDITORS_DIR="${MCP_HINTS_EDITORS_DIR:-$HOME/.cache/mcp-hints}"
CODE_SERVER_DIR="$EDITORS_DIR/code-server-$CODE_SERVER_VERSION"
CODE_SERVER_ENTRY="$CODE_SERVER_DIR/node_modules/code-server/out/node/entry.js"

fail() {
  echo "install-editors: ERROR: $*" >&2
  exit 1
}
say() { echo "install-editors: $*"; }

# --- apt packages ---------------------------------------------------------------------------------------------
apt_packages=(chromium neovim libkrb5-dev pkg-config ripgrep)
missing=()
for package in "${apt_packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$package")
  fi
done
if ((${#missing[@]} > 0)); then
  command -v apt-get >/dev/null || fail "apt-get not found; install these yourself: ${missing[*]}"
  say "installing apt packages: ${missing[*]}"
  sudo_cmd=()
  if [[ $(id -u) -ne 0 ]]; then sudo_cmd=(sudo); fi
  "${sudo_cmd[@]}" apt-get update -q || fail "apt-get update failed"
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -q "${missing[@]}" ||
    fail "apt-get install ${missing[*]} failed"
fi
command -v chromium >/dev/null || fail "chromium is not on PATH after installing it"

# --- code-server ------------------------------------------------------------------------------------------------
node_major=$(node -p 'process.versions.node.split(".")[0]') || fail "node is not on PATH"
[[ $node_major == 20 ]] || fail "code-server $CODE_SERVER_VERSION needs Node 20 (found $(node -v))"

if [[ -f $CODE_SERVER_ENTRY && -f $CODE_SERVER_DIR/.installed ]]; then
  say "code-server $CODE_SERVER_VERSION already installed"
else
  # Seed @vscode/ripgrep's download cache with Debian's rg, packed the way the release asset is: `rg` at the root.
  ripgrep_cache="${TMPDIR:-/tmp}/vscode-ripgrep-cache-$RIPGREP_PACKAGE_VERSION"
  if [[ ! -s $ripgrep_cache/$RIPGREP_ASSET ]]; then
    rg_binary=$(command -v rg) || fail "rg (ripgrep) is not on PATH"
    staging=$(mktemp -d)
    cp "$rg_binary" "$staging/rg"
    mkdir -p "$ripgrep_cache"
    tar -czf "$ripgrep_cache/$RIPGREP_ASSET" -C "$staging" rg || fail "could not pack $ripgrep_cache/$RIPGREP_ASSET"
    rm -rf "$staging"
    say "seeded $ripgrep_cache/$RIPGREP_ASSET from $rg_binary"
  fi

  say "installing code-server@$CODE_SERVER_VERSION into $CODE_SERVER_DIR (takes a few minutes)"
  rm -rf "$CODE_SERVER_DIR"
  mkdir -p "$CODE_SERVER_DIR"
  echo '{ "name": "mcp-hints-editors", "private": true }' >"$CODE_SERVER_DIR/package.json"
  # Native modules build against the local Node headers when present, so node-gyp does not download them.
  if [[ -f /usr/include/node/node_version.h ]]; then export npm_config_nodedir=/usr; fi
  (cd "$CODE_SERVER_DIR" &&
    npm_config_yes=true npm install --unsafe-perm --no-audit --no-fund --loglevel=error \
      "code-server@$CODE_SERVER_VERSION") ||
    fail "npm install code-server@$CODE_SERVER_VERSION failed (see the npm output above)"
  [[ -f $CODE_SERVER_ENTRY ]] || fail "code-server installed but $CODE_SERVER_ENTRY is missing"
  [[ -x $CODE_SERVER_DIR/node_modules/code-server/lib/vscode/node_modules/@vscode/ripgrep/bin/rg ]] ||
    fail "code-server's ripgrep binary is missing (the ripgrep cache seeding did not work)"
  touch "$CODE_SERVER_DIR/.installed"
fi

# A throwaway config home: code-server writes a default config.yaml there on every start.
scratch_config=$(mktemp -d)
version=$(XDG_CONFIG_HOME=$scratch_config node "$CODE_SERVER_ENTRY" --version 2>/dev/null | tail -n1) || fail "code-server does not start: node $CODE_SERVER_ENTRY --version failed"
rm -rf "$scratch_config"
say "code-server: $CODE_SERVER_ENTRY ($version)"
say "chromium:    $(command -v chromium) ($(chromium --version 2>/dev/null || echo 'version unknown'))"
say "neovim:      $(command -v nvim) ($(nvim --version | head -n1))"
