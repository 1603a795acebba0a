# Sourced by the scripts/fetch-*.sh scripts: what they share.
# Debian packages are downloaded with an apt state of their own and unpacked with dpkg -x;
# nothing is ever installed.

# fetch_arguments TOOL DEFAULT_TREE ARGUMENTS...: reads [--refresh] [TREE]; sets refresh (0 or
# 1) and tree.
fetch_arguments() {
  local tool=$1 default_tree=$2 arg
  shift 2
  refresh=0
  tree=""
  for arg in "$@"; do
    case "$arg" in
      --refresh) refresh=1 ;;
      -*) echo "$tool: error: unknown option '$arg'" >&2; exit 2 ;;
      *) tree=$arg ;;
    esac
  done
  tree=${tree:-$default_tree}
}

# private_apt DIR SOURCE_LINE: an apt state under DIR that reads only SOURCE_LINE ("deb URL
# SUITE COMPONENTS"); sets apt_options for apt-get and apt-cache.
private_apt() {
  local dir=$1 source=$2
  mkdir -p "$dir/lists/partial" "$dir/archives/partial"
  echo "$source" > "$dir/sources.list"
  : > "$dir/status"
  # Everything apt reads or writes lives under DIR: the system's sources, lists, cache and
  # installed-package database are neither used nor touched.
  apt_options=(
    -o "Dir::Etc::SourceList=$dir/sources.list" -o Dir::Etc::SourceParts=/dev/null
    -o "Dir::State::Lists=$dir/lists" -o "Dir::State::status=$dir/status"
    -o "Dir::Cache=$dir" -o "Dir::Cache::Archives=$dir/archives"
    -o Debug::NoLocking=1 -o APT::Sandbox::User=root
  )
}

# deb_sha256 PACKAGE VERSION: the SHA256 of PACKAGE's .deb at VERSION as the Packages index
# read by private_apt's state gives it (apt-get download checks the file against it): what
# pins the package in hipify-clang/tables/derive/inputs.tsv.
deb_sha256() {
  apt-cache "${apt_options[@]}" show "$1=$2" | awk '/^SHA256:/ {print $2; exit}'
}

# release_listed FILE RELEASE PACKAGE VERSION SUITE: whether FILE (a fetch script's
# versions.tsv: release, package, version, suite[, sha256]) lists that release, exactly.
release_listed() {
  awk -F'\t' -v r="$2" -v p="$3" -v v="$4" -v s="$5" \
    '$1 == r && $2 == p && $3 == v && $4 == s { found = 1 } END { exit !found }' "$1"
}
