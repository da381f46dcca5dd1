# Shared by scripts/start and scripts/test: checks the machine and installs what is missing.
# Every failure says exactly what to install.

fail() {
  echo "✗ $*" >&2
  exit 1
}

require_node() {
  command -v node >/dev/null 2>&1 || fail "Node.js is missing. Install Node.js 20 or newer (it brings npm), e.g. 'apt-get install nodejs npm'."
  command -v npm >/dev/null 2>&1 || fail "npm is missing. Install it with 'apt-get install npm'."
  local major
  major=$(node -p 'process.versions.node.split(".")[0]')
  [ "$major" -ge 20 ] || fail "Node.js $(node --version) is too old. Install Node.js 20 or newer."
}

# npm packages, Bun included (it comes from the npm registry as a dependency).
install_npm_packages() {
  if [ ! -x node_modules/.bin/bun ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    # npm ci empties node_modules first: through a link it would empty the other checkout's packages.
    [ -L node_modules ] && fail "node_modules links to $(readlink node_modules), whose packages are older than package-lock.json: run npm ci in that checkout, not through the link."
    echo "→ Installing npm packages (npm ci)…"
    npm ci --no-audit --no-fund --loglevel=error || fail "npm ci failed. Check that this machine can reach the npm registry, then run this command again."
  fi
  node_modules/.bin/bun --version >/dev/null 2>&1 || fail "Bun did not install (node_modules/.bin/bun does not run). Remove node_modules and run this command again."
}

# Debian packages, each as COMMAND:PACKAGE or /FILE:PACKAGE: installed with apt-get when we are root or have password-less sudo.
install_apt_packages() {
  local missing=()
  local entry command package
  for entry in "$@"; do
    command=${entry%%:*}
    package=${entry##*:}
    # An absolute path names a file the package installs (a module, a program off PATH).
    if [[ "$command" == /* ]]; then
      [ -e "$command" ] || missing+=("$package")
    else
      command -v "$command" >/dev/null 2>&1 || missing+=("$package")
    fi
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  local apt=()
  if [ "$(id -u)" -eq 0 ]; then
    apt=(apt-get)
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    apt=(sudo apt-get)
  else
    fail "Missing: ${missing[*]}. Install with: sudo apt-get install -y ${missing[*]}"
  fi
  command -v apt-get >/dev/null 2>&1 || fail "Missing: ${missing[*]}, and this is not a Debian-like system: install ${missing[*]} with your package manager."
  echo "→ Installing ${missing[*]} with apt-get…"
  DEBIAN_FRONTEND=noninteractive "${apt[@]}" update -qq >/dev/null || fail "apt-get update failed. Install by hand: apt-get install -y ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive "${apt[@]}" install -y -qq "${missing[@]}" >/dev/null || fail "apt-get install failed. Install by hand: apt-get install -y ${missing[*]}"
}

build_web_app() {
  echo "→ Building the web app…"
  node_modules/.bin/bun node_modules/.bin/vite build --logLevel warn || fail "The web app did not build (see the errors above)."
}
