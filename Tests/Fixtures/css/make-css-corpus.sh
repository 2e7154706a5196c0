#!/bin/sh
# Regenerates the Chromium corpus of `"defaults": "css"` box trees (issue 18): corpus-0.json … corpus-4.json,
# 1,000 seeded random cases each (seed 18), every case laid out by headless Chromium in both root directions.
# Needs `chromium` (Debian package) and python3. Usage: sh Tests/Fixtures/css/make-css-corpus.sh
# CSSCorpusTests (Tests/ConformanceTests) checks the corpus against layoutd without a browser. To shrink a case
# that disagrees: python3 Tests/Fixtures/css/css_oracle.py minimize Tests/Fixtures/css/corpus-N.json NAME
# (after `swift build`; it runs .build/debug/layoutd, or the binary given with --layoutd PATH).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 "$here/css_oracle.py" generate --seed 18 --count 5000 "$work/all.json"
python3 - "$work" <<'PY'
import json, sys
cases = json.load(open(sys.argv[1] + "/all.json"))["cases"]
for i in range(5):
    json.dump({"cases": cases[i * 1000:(i + 1) * 1000]}, open("%s/part-%d.json" % (sys.argv[1], i), "w"))
PY
for i in 0 1 2 3 4; do
  python3 "$here/css_oracle.py" render "$work/part-$i.json" "$here/corpus-$i.json"
  echo "wrote $here/corpus-$i.json"
done
