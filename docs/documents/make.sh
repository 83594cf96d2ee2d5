#!/usr/bin/env bash
# The README's page images of the documents: the first page of each, from the sample events
# (needs poppler's pdftoppm). Run from the project's root after `cargo build`.
set -euo pipefail
bin=target/debug/shashki-arbiter
out=docs/documents
tmp=$(mktemp -d)
ru=tournaments/shashki64-round-robin.ron
en=tournaments/international-round-robin.ron
page() { # event document lang name
  "$bin" report "$1" --document "$2" --lang "$3" -o "$tmp/$4.pdf" >/dev/null 2>&1
  pdftoppm -r 72 -png -singlefile -f 1 -l 1 "$tmp/$4.pdf" "$out/$4"
}
page $ru protocol ru protocol-ru
page $ru crosstable ru crosstable-ru
page $ru rounds ru rounds-ru
page $ru pairings ru pairings-ru
page $ru norms ru norms-ru
page $ru certificates ru certificate-ru
page $ru chief-report ru chief-report-ru
page tournaments/open-swiss-48.ron crosstable ru round-grid-ru
page $en protocol en protocol-en
page $en crosstable en crosstable-en
page $en rounds en rounds-en
page $en pairings en pairings-en
rm -r "$tmp"
