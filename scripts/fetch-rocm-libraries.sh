#!/usr/bin/env bash
# Fetches the ROCm 6.4 library headers (hipBLAS, rocBLAS, hipRAND, ...) that hipify's
# library tables are checked against and that translated programs are compiled with.
#
#   scripts/fetch-rocm-libraries.sh [TREE]      (TREE defaults to build/rocm-6.4)
#
# Debian 12 has no ROCm libraries and hipkit never installs into the system: the -dev
# packages are downloaded with `apt-get download` from Debian's development suite (sid,
# the only archive reachable that carries ROCm 6.4), under an apt state folder private to
# TREE, and unpacked with `dpkg -x` into a ROCm-shaped tree (TREE/include/hipblas/...).
# TREE/versions.tsv records each package, the version fetched and the .deb's SHA256 as
# Debian's Packages index gives it (derive/derive_all.py compares both with
# hipify-clang/tables/derive/inputs.tsv); tests read it through the lit feature
# `rocm-6.4-libraries`.
#
# The same packages' older releases in Debian 13 (trixie: hipBLAS 5.5, hipSPARSE 5.7,
# hipFFT 6.1, ...) go to TREE/older/<package>/include, each package apart with
# TREE/older/versions.tsv, so that the derivation scripts can date every library name by
# the release that introduced it (hip_added) and check_names.py can check those dates.
#
# Idempotent: when versions.tsv lists every package below, nothing is downloaded (delete
# TREE, or pass --refresh, to fetch the suite's current versions). sid moves: a package
# may be newer than 6.4 (the suite's hipBLASLt and hipblas-common are 7.x, its RCCL 5.4);
# versions.tsv says which.
set -euo pipefail

# The -dev packages of issue 8's libraries; headers are all hipkit needs from them.
# libamdhip64-dev (HIP 6.4's own headers) is fetched for the table checks; translated
# programs are still compiled with hipkit's HIP headers (docs/hipify-clang.md).
packages=(
  libamdhip64-dev
  libhipblas-dev libhipblas-common-dev librocblas-dev libhipblaslt-dev
  libmiopen-dev
  libhipfft-dev librocfft-dev
  libhipsparse-dev librocsparse-dev
  libhipsolver-dev librocsolver-dev
  libhiprand-dev librocrand-dev
  libhipcub-dev librocprim-dev librocthrust-dev
  librccl-dev libroctx-dev
)

top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/private-apt.sh"
fetch_arguments fetch-rocm-libraries "$top/build/rocm-6.4" "$@"
versions=$tree/versions.tsv

if [ "$refresh" = 0 ] && [ -f "$versions" ] && [ -f "$tree/older/versions.tsv" ]; then
  have_all=1
  for p in "${packages[@]}"; do
    grep -q "^$p	" "$versions" || { have_all=0; break; }
  done
  if [ "$have_all" = 1 ]; then
    echo "fetch-rocm-libraries: $tree is complete ($(wc -l < "$versions") packages)"
    exit 0
  fi
fi

state=$tree.apt
rm -rf "$state" "$tree.new"
mkdir -p "$state/debs" "$tree.new"
private_apt "$state" "deb http://deb.debian.org/debian sid main"
echo "fetch-rocm-libraries: reading Debian sid's package lists"
apt-get "${apt_options[@]}" -qq update
(cd "$state/debs" && apt-get "${apt_options[@]}" -qq download "${packages[@]}")

# Debian 13's releases of the same packages, where it has them (no hipBLASLt, no MIOpen),
# each unpacked apart: a name's release is that of the package whose headers declare it.
older_state=$state/older
mkdir -p "$older_state/debs" "$tree.new/older"
sid_options=("${apt_options[@]}")
private_apt "$older_state" "deb http://deb.debian.org/debian trixie main"
older_options=("${apt_options[@]}")
apt_options=("${sid_options[@]}")
echo "fetch-rocm-libraries: reading Debian 13's package lists (older releases)"
apt-get "${older_options[@]}" -qq update
: > "$tree.new/older/versions.tsv"
for p in "${packages[@]}"; do
  [ "$p" = libamdhip64-dev ] && continue # HIP itself is dated by the core tables.
  candidate=$(apt-cache "${older_options[@]}" policy "$p" | awk '/Candidate:/ {print $2}')
  if [ -z "$candidate" ] || [ "$candidate" = "(none)" ]; then
    continue
  fi
  (cd "$older_state/debs" && apt-get "${older_options[@]}" -qq download "$p")
  deb=$(ls "$older_state/debs/${p}_"*.deb)
  mkdir -p "$older_state/unpacked"
  dpkg -x "$deb" "$older_state/unpacked/$p"
  mkdir -p "$tree.new/older/$p"
  mv "$older_state/unpacked/$p/usr/include" "$tree.new/older/$p/include"
  version=$(dpkg-deb -f "$deb" Version)
  apt_options=("${older_options[@]}")
  printf '%s\t%s\t%s\n' "$p" "$version" "$(deb_sha256 "$p" "$version")" >> "$tree.new/older/versions.tsv"
  apt_options=("${sid_options[@]}")
done

: > "$tree.new/versions.tsv"
for p in "${packages[@]}"; do
  deb=$(ls "$state/debs/${p}_"*.deb)
  dpkg -x "$deb" "$state/unpacked"
  version=$(dpkg-deb -f "$deb" Version)
  printf '%s\t%s\t%s\n' "$p" "$version" "$(deb_sha256 "$p" "$version")" >> "$tree.new/versions.tsv"
done
# Debian's /usr layout -> a ROCm root: include/, lib/cmake/, the licenses.
unpacked=$state/unpacked/usr
mv "$unpacked/include" "$tree.new/include"
if [ -d "$unpacked/lib/x86_64-linux-gnu/cmake" ]; then
  mkdir -p "$tree.new/lib"
  mv "$unpacked/lib/x86_64-linux-gnu/cmake" "$tree.new/lib/cmake"
fi
mkdir -p "$tree.new/share/doc"
for doc in "$unpacked"/share/doc/*/; do
  name=$(basename "$doc")
  [ -f "$doc/copyright" ] && mkdir -p "$tree.new/share/doc/$name" &&
    cp "$doc/copyright" "$tree.new/share/doc/$name/"
done
rm -rf "$tree" "$state"
mv "$tree.new" "$tree"
echo "fetch-rocm-libraries: unpacked ${#packages[@]} packages into $tree"
