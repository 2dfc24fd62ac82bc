#!/usr/bin/env bash
# Installs the Debian packages fpbench builds and tests with. Idempotent and
# silent when everything is already there; needs root (or sudo) otherwise.
set -euo pipefail

packages=(
  cmake make g++ pkg-config
  libboost-math-dev nlohmann-json3-dev libfmt-dev libcli11-dev libicu-dev
  libgtest-dev libgmock-dev libbenchmark-dev libtomlplusplus-dev
  libuv1-dev
  python3-matplotlib
  libsqlite3-dev libpq-dev postgresql
  valgrind
  chromium
  clang libclang-rt-14-dev
  clang-format shellcheck
  jq
  ccache
  man-db groff-base
)
# jq: the action's test (ci/tests/action_test.sh) evaluates the gh CLI's
# --jq filters with it.
# node and npm: the dashboard's chart library is vendored with `npm pack` at
# build time and its browser test runs on node. Debian's packages only where
# no node is installed already (a NodeSource node brings its own npm).
command -v node >/dev/null || packages+=(nodejs)
command -v npm >/dev/null || packages+=(npm)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

sudo=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "ci/install-deps.sh: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  sudo=(sudo)
fi
echo "ci/install-deps.sh: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
