#!/bin/sh
# Regenerates runs-browser.json: seeded random attributed paragraphs (1-5 runs of words with ligature pairs,
# combining marks and punctuation; per run DejaVu Sans, DejaVu Serif or Inter, size 10-34 px, weight 400/700 (Inter
# also 300/600), italic, letter spacing, a baseline offset) in widths 40-600 px, some with word-break: break-all or
# overflow-wrap: anywhere, as headless Chromium lays them out (ligatures and kerning on, line-height normal,
# white-space normal (single spaces, so nothing collapses; spaces at a line end hang), the
# block's own font at size 0 so only the runs' inline boxes make the lines): per paragraph its line count, every
# line's width and the block height. Needs `chromium`, fonts-dejavu-core, fonts-dejavu-extra and fonts-inter.
# Usage: sh Tests/Fixtures/text/make-runs-corpus.sh [seed] [count]   (writes the JSON beside this script)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
seed=${1:-1717}
count=${2:-3000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
version=$(chromium --version 2>/dev/null | head -n 1)
cat > "$work/page.html" <<HTML
<!DOCTYPE html>
<html><head><meta charset="utf-8"><style>body { margin: 0 } </style></head><body><pre id="out"></pre><script>
const seed = $seed, count = $count;
HTML
cat >> "$work/page.html" <<'HTML'
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
  "number", "42", "3.14", "x", "supercalifragilistic", "internationalization"];
const ligatures = ["office", "affluent", "efficient", "waffle", "fluffy", "final", "flight", "sniffle", "baffled",
  "shuffle", "offer", "difficult", "fjord", "coffee", "staff", "fifty", "flow", "fix", "profile", "Official"];
const marks = ["q\u0307\u0308", "e\u0301te\u0301", "a\u0300", "n\u0303o", "Zu\u0308rich", "c\u0327a", "o\u0302te"];
const punctuation = [",", ".", ";", ":", "!", "?"];
function word() {
  const r = random();
  let w = r < 0.5 ? pick(plain) : r < 0.85 ? pick(ligatures) : pick(marks);
  if (random() < 0.1) w = "(" + w + ")";
  if (random() < 0.2) w += pick(punctuation);
  return w;
}
const families = ["DejaVu Sans", "DejaVu Serif", "Inter"];
const out = [];
for (let n = 0; n < count; n++) {
  const base = pick(families);
  const runCount = 1 + Math.floor(random() * 5);
  const runs = [];
  for (let k = 0; k < runCount; k++) {
    const family = random() < 0.3 ? pick(families) : base;
    const words = [];
    const length = 1 + Math.floor(random() * 6);
    for (let i = 0; i < length; i++) words.push(word());
    let text = words.join(" ");
    if (k < runCount - 1 && random() < 0.8) text += " ";  // else the next run continues the word
    const weights = family === "Inter" ? [400, 700, 300, 600] : [400, 700];
    const run = {text, family, size: 10 + Math.floor(random() * 49) / 2,
      weight: random() < 0.6 ? 400 : pick(weights), italic: random() < 0.25};
    if (random() < 0.2) run.kern = (Math.floor(random() * 15) - 2) / 4;  // -0.5 ... 3 px
    if (random() < 0.1) run.offset = Math.floor(random() * 11) - 4;  // -4 ... 6 px
    runs.push(run);
  }
  const r = random();
  const wrap = r < 0.8 ? "word" : r < 0.9 ? "breakAll" : "anywhere";
  const width = 40 + Math.floor(random() * 561);
  const d = document.createElement("div");
  d.style.cssText = `font-family:'DejaVu Sans';font-size:0;width:${width}px;white-space:normal;` +
    `line-height:normal` + (wrap === "breakAll" ? ";word-break:break-all" : "") +
    (wrap === "anywhere" ? ";overflow-wrap:anywhere" : "");
  for (const run of runs) {
    const s = document.createElement("span");
    s.style.cssText = `font-family:'${run.family}';font-size:${run.size}px;font-weight:${run.weight};` +
      `font-style:${run.italic ? "italic" : "normal"};letter-spacing:${run.kern || 0}px;` +
      `vertical-align:${run.offset ? run.offset + "px" : "baseline"}`;
    s.textContent = run.text;
    d.appendChild(s);
  }
  document.body.appendChild(d);
  const rects = [];
  for (const s of d.children) {
    const range = document.createRange();
    range.selectNodeContents(s.firstChild);
    for (const rect of range.getClientRects()) if (rect.width > 0) rects.push(rect);
  }
  // Lines: rects sorted by their vertical middle; a rect that starts below the current line's bottom starts a line.
  rects.sort((a, b) => (a.top + a.bottom) - (b.top + b.bottom));
  const lines = [];
  for (const rect of rects) {
    const line = lines[lines.length - 1];
    if (line && rect.top < line.bottom - 0.01) {
      line.left = Math.min(line.left, rect.left); line.right = Math.max(line.right, rect.right);
      line.bottom = Math.max(line.bottom, rect.bottom);
    } else {
      lines.push({left: rect.left, right: rect.right, bottom: rect.bottom});
    }
  }
  const left = d.getBoundingClientRect().left;
  out.push({width, wrap, runs, lines: lines.length, height: d.getBoundingClientRect().height,
    lineWidths: lines.map(l => Math.round((l.right - l.left) * 64) / 64)});
  d.remove();
}
document.getElementById("out").textContent = JSON.stringify(out);
</script></body></html>
HTML
chromium --headless --no-sandbox --disable-gpu --dump-dom "file://$work/page.html" 2>/dev/null > "$work/dom.html"
python3 - "$work/dom.html" "$here/runs-browser.json" "$version" "$seed" <<'PY'
import html, json, re, sys
dom = open(sys.argv[1], encoding="utf-8").read()
paragraphs = json.loads(html.unescape(re.search(r'<pre id="out">(.*?)</pre>', dom, re.S).group(1)))
data = {"source": sys.argv[3] + " --headless, default ligatures and kerning; made by make-runs-corpus.sh",
        "seed": int(sys.argv[4]),
        "fonts": "DejaVu Sans, DejaVu Serif (fonts-dejavu-core, -extra), Inter (fonts-inter)",
        "paragraphs": paragraphs}
with open(sys.argv[2], "w", encoding="utf-8") as f:
    json.dump(data, f, ensure_ascii=False, separators=(",", ":"))
    f.write("\n")
PY
echo "wrote $here/runs-browser.json"
