#!/usr/bin/env bash
# The action's first step: puts fpbench on PATH for the steps after it.
#
#   COMMAND=pr|nightly INSTALL=build|deb|path [DEB_URL=...] [COMMENT=true] \
#     bash ci/action/install.sh
#
# build: installs the build dependencies (ci/install-deps.sh), builds this
#   checkout of fpbench (the action's own source) in Release without tests,
#   installs it into a prefix under RUNNER_TEMP and adds its bin/ to
#   GITHUB_PATH. ccache is used when installed, so a self-hosted runner
#   rebuilds a new version of the action from its cache.
# deb: downloads the Debian package at DEB_URL and installs it with apt-get,
#   which brings its dependencies.
# path: uses the fpbench already on PATH.
# When the pull-request comment will be posted (COMMAND=pr, COMMENT=true),
# also installs the GitHub CLI with apt-get if it is missing.
set -euo pipefail
src=$(cd "$(dirname "$0")/../.." && pwd)
mode=${INSTALL:-build}
die() { echo "::error title=fpbench install::$*" >&2; exit 1; }

sudo=()
as_root() {
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || die "need root or sudo to run: $*"
    sudo=(sudo)
  fi
  # Through env, since sudo resets the environment.
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive "$@"
}

install_build() {
  bash "$src/ci/install-deps.sh"
  local temp=${RUNNER_TEMP:-${TMPDIR:-/tmp}}
  local build=$temp/fpbench-build prefix=$temp/fpbench launcher=()
  if command -v ccache >/dev/null; then
    launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
    export CCACHE_BASEDIR=$src CCACHE_NOHASHDIR=1
  fi
  cmake -S "$src" -B "$build" -DCMAKE_BUILD_TYPE=Release -DFPBENCH_BUILD_TESTS=OFF \
    "${launcher[@]}" >/dev/null
  cmake --build "$build" -j "$(nproc)"
  cmake --install "$build" --prefix "$prefix" >/dev/null
  add_to_path "$prefix/bin"
}

install_deb() {
  [ -n "${DEB_URL:-}" ] || die "install: deb needs the input deb-url (the .deb of a release)"
  local dir
  dir=$(mktemp -d)
  curl -fsSL --retry 3 -o "$dir/fpbench.deb" "$DEB_URL" || die "cannot download $DEB_URL"
  as_root apt-get update -qq
  as_root apt-get install -y -qq --no-install-recommends "$dir/fpbench.deb" >/dev/null
  rm -rf "$dir"
}

add_to_path() {
  [ -n "${GITHUB_PATH:-}" ] && echo "$1" >>"$GITHUB_PATH"
  export PATH=$1:$PATH
}

# A misspelt command fails now, not after the build.
case "${COMMAND:-}" in
  pr | nightly) ;;
  *) die "unknown command '${COMMAND:-}' (pr or nightly)" ;;
esac

case "$mode" in
  build) install_build ;;
  deb) install_deb ;;
  path) command -v fpbench >/dev/null || die "install: path, but fpbench is not on PATH" ;;
  *) die "unknown install '$mode' (build, deb or path)" ;;
esac
echo "fpbench: $(command -v fpbench): $(fpbench --version)"

if [ "${COMMAND:-}" = pr ] && [ "${COMMENT:-true}" = true ] && ! command -v gh >/dev/null; then
  command -v apt-get >/dev/null || die "the comment needs the GitHub CLI (gh); install it or set comment: false"
  as_root apt-get update -qq
  as_root apt-get install -y -qq --no-install-recommends gh >/dev/null
fi
