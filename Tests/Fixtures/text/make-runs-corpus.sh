#!/bin/sh
# Regenerates runs-browser.json: seeded random attributed paragraphs (1-5 runs of words with ligature pairs,
# combining marks and punctuation; per run DejaVu Sans, DejaVu Serif or Inter, size 10-34 px, weight 400/700 (Inter
# also 300/600), italic, letter spacing, a baseline offset) in widths 40-600 px, some with word-break: break-all or
# overflow-wrap: anywhere, as headless Chromium lays them out (ligatures and kerning on, line-height normal,
# white-space normal (single spaces, so nothing collapses; spaces at a line end hang), the
# block's own font at size 0 so only the runs' inline boxes make the lines): per paragraph its line count, every
# line's width and the block height. Needs `chromium`, fonts-dejavu-core, fonts-dejavu-extra and fonts-inter.
# With mix "unicode" the words also come from CJK (Han, kana, Hangul, CJK punctuation; runs of them without spaces,
# and Latin-CJK words) and emoji (Emoji_Presentation characters, U+FE0F sequences, ZWJ sequences, keycaps, flags,
# skin tones), measured with Chromium's font fallback (Liberation Serif, Noto Sans CJK, Noto Color Emoji: needs
# fonts-liberation, fonts-noto-cjk, fonts-noto-color-emoji), into runs-unicode-browser.json.
# With mix "bidi" the words also come from Arabic (joining letters, lam-alef, harakat, Arabic-Indic digits) and
# Hebrew (with points), in runs of right-to-left words and mixed with Latin words and numbers, in a left-to-right
# block (Chromium's default direction); Arabic and Hebrew come from DejaVu Sans, by fallback from DejaVu Serif and
# Inter, into runs-bidi-browser.json.
# Usage: sh Tests/Fixtures/text/make-runs-corpus.sh [seed] [count] [latin|unicode|bidi]   (writes the JSON beside this
# script; the default mix "latin" writes runs-browser.json)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
seed=${1:-1717}
count=${2:-3000}
mix=${3:-latin}
case "$mix" in
  latin) output="$here/runs-browser.json"; fonts="DejaVu Sans, DejaVu Serif (fonts-dejavu-core, -extra), Inter (fonts-inter)" ;;
  unicode) output="$here/runs-unicode-browser.json"
    fonts="DejaVu Sans, DejaVu Serif (fonts-dejavu-core, -extra), Inter (fonts-inter); fallback: Liberation Serif (fonts-liberation), Noto Sans CJK (fonts-noto-cjk), Noto Color Emoji (fonts-noto-color-emoji)" ;;
  bidi) output="$here/runs-bidi-browser.json"
    fonts="DejaVu Sans, DejaVu Serif (fonts-dejavu-core, -extra), Inter (fonts-inter); Arabic and Hebrew from DejaVu Sans by fallback" ;;
  *) echo "mix must be latin, unicode or bidi" >&2; exit 2 ;;
esac
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
version=$(chromium --version 2>/dev/null | head -n 1)
cat > "$work/page.html" <<HTML
<!DOCTYPE html>
<html><head><meta charset="utf-8"><style>body { margin: 0 } </style></head><body><pre id="out"></pre><script>
const seed = $seed, count = $count, mix = "$mix";
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
const cjk = ["\u65E5\u672C\u8A9E", "\u6F22\u5B57", "\u6771\u4EAC", "\u4E2D\u6587", "\u6D4B\u8BD5\u6587\u672C",
  "\u4F60\u597D", "\u4E16\u754C", "\uD55C\uAD6D\uC5B4", "\uC548\uB155", "\u3072\u3089\u304C\u306A",
  "\u30AB\u30BF\u30AB\u30CA", "\u3067\u3059", "\u5E03\u5C40", "\u6E2C\u5B9A"];
const cjkPunctuation = ["\u3002", "\u3001", "\uFF01", "\uFF1F"];
const emoji = ["\u{1F600}", "\u{1F389}", "\u2728", "\u{1F602}", "\u{1F44D}\u{1F3FD}", "\u{1F44B}\u{1F3FB}",
  "\u{1F1EF}\u{1F1F5}", "\u{1F1FA}\u{1F1F8}", "1\uFE0F\u20E3", "#\uFE0F\u20E3",
  "\u{1F468}\u200D\u{1F469}\u200D\u{1F467}", "\u{1F469}\u200D\u{1F4BB}", "\u{1F3F3}\uFE0F\u200D\u{1F308}",
  "\u2764\uFE0F", "\u263A\uFE0F", "\u2764", "\u263A", "\u2600\uFE0F", "\u{1F680}", "\u{1F431}"];
const arabic = ["\u0633\u0644\u0627\u0645", "\u0645\u0631\u062D\u0628\u0627", "\u0643\u062A\u0627\u0628",
  "\u0627\u0644\u0639\u0631\u0628\u064A\u0629", "\u0628\u064A\u062A", "\u0644\u0627", "\u0641\u064A",
  "\u0645\u062F\u064A\u0646\u0629", "\u0627\u0644\u0646\u0635", "\u0639\u0644\u0649",
  "\u0643\u064E\u062A\u064E\u0628\u064E", "\u0634\u0643\u0631\u0627\u064B", "\u0642\u0647\u0648\u0629",
  "\u0661\u0662\u0663", "\u0637\u0627\u0648\u0644\u0629", "\u0633\u0637\u0631", "\u0625\u0644\u0649",
  "\u0627\u0644\u0623\u0648\u0644", "\u062C\u062F\u0648\u0644"];
const hebrew = ["\u05E9\u05DC\u05D5\u05DD", "\u05E2\u05D1\u05E8\u05D9\u05EA", "\u05E1\u05E4\u05E8",
  "\u05D8\u05E7\u05E1\u05D8", "\u05E9\u05D5\u05E8\u05D4", "\u05D8\u05D1\u05DC\u05D4",
  "\u05D1\u05B0\u05BC\u05E8\u05B5\u05D0\u05E9\u05B4\u05C1\u05D9\u05EA", "\u05D9\u05E9\u05E8\u05D0\u05DC",
  "\u05DE\u05D9\u05DC\u05D4"];
function word() {
  if (mix === "bidi") {
    const u = random();
    if (u < 0.35) return pick(arabic) + (random() < 0.15 ? pick(["\u060C", "\u061F", ".", "!"]) : "");
    if (u < 0.6) return pick(hebrew) + (random() < 0.15 ? pick([",", ".", "?"]) : "");
    if (u < 0.65) return String(Math.floor(random() * 2000));
  }
  if (mix === "unicode") {
    const u = random();
    if (u < 0.3) {  // a run of CJK words without spaces, sometimes ending with CJK punctuation
      let w = "";
      const n = 1 + Math.floor(random() * 4);
      for (let i = 0; i < n; i++) w += pick(cjk);
      if (random() < 0.25) w += pick(cjkPunctuation);
      return w;
    }
    if (u < 0.5) return pick(emoji) + (random() < 0.3 ? pick(emoji) : "");
    if (u < 0.6) return pick(plain) + pick(cjk);
  }
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
python3 - "$work/dom.html" "$output" "$version" "$seed" "$fonts" <<'PY'
import html, json, re, sys
dom = open(sys.argv[1], encoding="utf-8").read()
paragraphs = json.loads(html.unescape(re.search(r'<pre id="out">(.*?)</pre>', dom, re.S).group(1)))
data = {"source": sys.argv[3] + " --headless, default ligatures and kerning; made by make-runs-corpus.sh",
        "seed": int(sys.argv[4]),
        "fonts": sys.argv[5],
        "paragraphs": paragraphs}
with open(sys.argv[2], "w", encoding="utf-8") as f:
    json.dump(data, f, ensure_ascii=False, separators=(",", ":"))
    f.write("\n")
PY
echo "wrote $output"
