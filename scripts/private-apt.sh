# Sourced by the scripts/fetch-*.sh scripts: what they share.
# Debian packages are downloaded with an apt state of their own and unpacked with dpkg;
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

# fetch_pinned_headers TOOL PACKAGE COMPONENTS LABEL: the headers of each pinned release in
# the array `releases` ("release suite version" lines), with `tree` and `refresh` from
# fetch_arguments. For each release, PACKAGE at its pinned version is downloaded from Debian
# SUITE's COMPONENTS ("main contrib non-free") and only its usr/include unpacked
# (dpkg-deb's file-system archive, filtered) into TREE/<release>/include; TREE/versions.tsv
# records release, package, version, suite and the .deb's SHA256. LABEL names the releases
# in messages ("CUDA", "HIP"). When versions.tsv lists every pin, nothing is downloaded
# (unless refresh=1); a suite that no longer carries a pinned version is an error.
fetch_pinned_headers() {
  local tool=$1 package=$2 components=$3 label=$4
  local versions=$tree/versions.tsv state=$tree.apt r release suite version s deb have_all
  if [ "$refresh" = 0 ] && [ -f "$versions" ]; then
    have_all=1
    for r in "${releases[@]}"; do
      read -r release suite version <<<"$r"
      release_listed "$versions" "$release" "$package" "$version" "$suite" || { have_all=0; break; }
    done
    if [ "$have_all" = 1 ]; then
      echo "$tool: $tree is complete ($label $(cut -f1 "$versions" | paste -sd' '))"
      return 0
    fi
  fi
  rm -rf "$state" "$tree.new"
  mkdir -p "$tree.new"
  : > "$tree.new/versions.tsv"
  for r in "${releases[@]}"; do
    read -r release suite version <<<"$r"
    s=$state/$suite
    mkdir -p "$s/debs" "$tree.new/$release"
    private_apt "$s" "deb http://deb.debian.org/debian $suite $components"
    echo "$tool: downloading $package $version ($label $release) from Debian $suite"
    apt-get "${apt_options[@]}" -qq update
    if ! (cd "$s/debs" && apt-get "${apt_options[@]}" -qq download "$package=$version"); then
      echo "$tool: error: Debian $suite has no $package $version; update the pin in $0" >&2
      exit 1
    fi
    deb=$(ls "$s/debs/${package}_"*.deb)
    dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$tree.new/$release" --wildcards './usr/include/*'
    mv "$tree.new/$release/usr/include" "$tree.new/$release/include"
    rm -rf "$tree.new/$release/usr" "$s/debs"
    printf '%s\t%s\t%s\t%s\t%s\n' "$release" "$package" "$version" "$suite" \
      "$(deb_sha256 "$package" "$version")" >> "$tree.new/versions.tsv"
  done
  rm -rf "$tree" "$state"
  mv "$tree.new" "$tree"
  echo "$tool: unpacked $label $(cut -f1 "$tree/versions.tsv" | paste -sd' ') headers into $tree"
}
