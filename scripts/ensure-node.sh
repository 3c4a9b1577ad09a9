# shellcheck shell=bash
# Source this file (". scripts/ensure-node.sh") before any npm command.
# Baibao needs Node >= 22.12 (electron 45, better-sqlite3 13, vitest 5). When the node on PATH is
# older, Node 24 is unpacked from the npm registry package that carries the official binary and
# headers (node-<os>-<arch>@24) into a cache folder and put first on PATH, so no download outside
# the npm registry is needed.

baibao_node_ok() {
  command -v node >/dev/null 2>&1 || return 1
  node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=12)?0:1)' 2>/dev/null
}

if ! baibao_node_ok; then
  baibao_os=$(uname -s | tr '[:upper:]' '[:lower:]')
  case "$(uname -m)" in
    x86_64|amd64) baibao_arch=x64 ;;
    aarch64|arm64) baibao_arch=arm64 ;;
    *) baibao_arch=$(uname -m) ;;
  esac
  baibao_cache="${BAIBAO_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/baibao-node}"
  baibao_home="$baibao_cache/node-$baibao_os-$baibao_arch-24"
  if [ ! -x "$baibao_home/bin/node" ]; then
    echo "ensure-node: installing Node 24 (node-$baibao_os-$baibao_arch@24) into $baibao_home" >&2
    baibao_tmp=$(mktemp -d)
    if (cd "$baibao_tmp" && npm pack --silent "node-$baibao_os-$baibao_arch@24" >/dev/null 2>&1) \
      && mkdir -p "$baibao_home" \
      && tar -xzf "$baibao_tmp"/node-*.tgz -C "$baibao_home" --strip-components=1; then
      :
    else
      echo "ensure-node: could not fetch node-$baibao_os-$baibao_arch@24 from the npm registry" >&2
    fi
    rm -rf "$baibao_tmp"
  fi
  if [ -x "$baibao_home/bin/node" ]; then
    export PATH="$baibao_home/bin:$PATH"
    export npm_config_nodedir="$baibao_home"
    hash -r 2>/dev/null || true
  fi
  unset baibao_os baibao_arch baibao_cache baibao_home baibao_tmp
fi

export ELECTRON_SKIP_BINARY_DOWNLOAD=1
baibao_node_ok || echo "ensure-node: Node >= 22.12 is required; found $(node --version 2>/dev/null || echo none)" >&2
unset -f baibao_node_ok
