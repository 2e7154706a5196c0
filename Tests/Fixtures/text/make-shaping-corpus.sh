#!/bin/sh
# Regenerates shaping-browser.json: seeded random paragraphs (words with ligature pairs, combining marks, ASCII
# punctuation, hyphens and soft hyphens) in DejaVu Sans, DejaVu Serif and Inter at sizes 10-34 px and widths
# 40-600 px, as headless Chromium lays them out with its defaults (ligatures and kerning on, line-height normal,
# white-space normal): per paragraph its line count, every line's width and the block height.
# Needs `chromium`, fonts-dejavu-core and fonts-inter (Debian packages).
# Usage: sh Tests/Fixtures/text/make-shaping-corpus.sh [seed] [count]   (writes the JSON beside this script)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
seed=${1:-17}
count=${2:-400}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
version=$(chromium --version 2>/dev/null | head -n 1)
cat > "$work/page.html" <<HTML
<!DOCTYPE html>
<html><head><meta charset="utf-8"><style>body { margin: 0 } </style></head><body><pre id="out"></pre><script>
const seed = $seed, count = $count;
HTML
cat >> "$work/page.html" <<'HTML'
// mulberry32: a small seeded generator, so the corpus is reproducible.
let state = seed >>> 0;
function random() {
  state = (state + 0x6D2B79F5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = list => list[Math.floor(random() * list.length)];
const plain = ["the", "and", "layout", "text", "quick", "brown", "over", "lazy", "dog", "node", "table", "cell",
  "measure", "width", "line", "break", "Texture", "render", "daemon", "AVATAR", "Tokyo", "WAVE", "Yacht", "river",
  "number", "42", "3.14", "x"];
const ligatures = ["office", "affluent", "efficient", "waffle", "fluffy", "final", "flight", "sniffle", "baffled",
  "shuffle", "offer", "difficult", "fjord", "afflict", "coffee", "staff", "fifty", "flow", "fix", "profile",
  "stuff", "fiction", "ruffle", "Official", "effort", "fly", "affirm", "scaffold", "muffin", "traffic"];
const marks = ["q\u0307\u0308", "e\u0301te\u0301", "a\u0300", "n\u0303o", "Zu\u0308rich", "c\u0327a", "o\u0302te",
  "i\u0308", "A\u030a", "s\u030c", "u\u0323\u0302"];
const hyphens = ["state-of-the-art", "well-known", "ff-i", "self-fix", "of\u00adfice", "dif\u00adfi\u00adcult",
  "hy\u00adphen\u00adation", "Unter\u00adneh\u00admen", "waf\u00adfle"];
const punctuation = [",", ".", ";", ":", "!", "?"];
function word() {
  const r = random();
  let w = r < 0.35 ? pick(plain) : r < 0.7 ? pick(ligatures) : r < 0.85 ? pick(marks) : pick(hyphens);
  if (random() < 0.15) w = "(" + w + ")";
  else if (random() < 0.1) w = "\"" + w + "\"";
  if (random() < 0.2) w += pick(punctuation);
  return w;
}
const families = ["DejaVu Sans", "DejaVu Serif", "Inter"];
const out = [];
for (let n = 0; n < count; n++) {
  const words = [];
  const length = 2 + Math.floor(random() * 24);
  for (let i = 0; i < length; i++) words.push(word());
  const text = words.join(" ");
  const family = pick(families);
  const size = 10 + Math.floor(random() * 49) / 2;  // 10 ... 34 in half pixels
  const width = 40 + Math.floor(random() * 561);
  const d = document.createElement("div");
  d.style.cssText = `font-family:'${family}';font-size:${size}px;width:${width}px;white-space:normal;` +
    `line-height:normal`;
  d.textContent = text;
  document.body.appendChild(d);
  const range = document.createRange();
  range.selectNodeContents(d.firstChild);
  const rects = Array.from(range.getClientRects()).filter(r => r.width > 0);
  const tops = [...new Set(rects.map(r => r.top))];
  const lineWidths = tops.map(t => rects.filter(r => r.top === t).reduce((a, r) => a + r.width, 0));
  out.push({family, size, width, text, lines: tops.length, height: d.getBoundingClientRect().height, lineWidths});
  d.remove();
}
document.getElementById("out").textContent = JSON.stringify(out);
</script></body></html>
HTML
chromium --headless --no-sandbox --disable-gpu --dump-dom "file://$work/page.html" 2>/dev/null > "$work/dom.html"
python3 - "$work/dom.html" "$here/shaping-browser.json" "$version" "$seed" <<'PY'
import html, json, re, sys
dom = open(sys.argv[1], encoding="utf-8").read()
paragraphs = json.loads(html.unescape(re.search(r'<pre id="out">(.*?)</pre>', dom, re.S).group(1)))
data = {"source": sys.argv[3] + " --headless, default ligatures and kerning; made by make-shaping-corpus.sh",
        "seed": int(sys.argv[4]),
        "fonts": "DejaVu Sans, DejaVu Serif (fonts-dejavu-core), Inter (fonts-inter, /usr/share/fonts/opentype/inter)",
        "paragraphs": paragraphs}
with open(sys.argv[2], "w", encoding="utf-8") as f:
    json.dump(data, f, ensure_ascii=False, indent=0)
    f.write("\n")
PY
echo "wrote $here/shaping-browser.json"
