#!/bin/sh
# Regenerates dejavu-browser.json: text widths, wrapped line counts and line-height-normal metrics of DejaVu Sans
# as headless Chromium lays them out. Needs `chromium` (Debian package) and fonts-dejavu-core.
# Usage: sh Tests/Fixtures/text/make-browser-widths.sh   (writes the JSON beside this script)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
version=$(chromium --version 2>/dev/null | head -n 1)
cat > "$work/page.html" <<'HTML'
<!DOCTYPE html>
<html><head><meta charset="utf-8"><style>body { margin: 0 } </style></head><body><pre id="out"></pre><script>
const family = "'DejaVu Sans'";
const strings = [
  "Hello", "Hello, World!", "The quick brown fox jumps over the lazy dog", "AVATAR", "To Wa Yo", "WAVE Tokyo",
  "lorem ipsum dolor sit amet", "iiiiiillll", "MMMMWWWW", "0123456789", "3.14159 + 2.71828 = 5.85987",
  "$1,234.56 (approx.)", "e-mail: user@example.com", "[brackets] {braces} <angles>", "\"quoted\" 'single' `tick`",
  "semi;colon:colon", "100% / 50\u2030", "caf\u00e9 na\u00efve r\u00e9sum\u00e9", "\u00c6r\u00f8sk\u00f8bing \u00c5ngstr\u00f6m",
  "Z\u00fcrich Stra\u00dfe", "\u00c0\u00c9\u00ce\u00d5\u00dc \u00e0\u00e9\u00ee\u00f5\u00fc", "\u0141\u00f3d\u017a Krak\u00f3w",
  "\u010ce\u0161tina \u0160\u0165astn\u00fd", "\u0395\u03bb\u03bb\u03b7\u03bd\u03b9\u03ba\u03ac \u03b3\u03c1\u03ac\u03bc\u03bc\u03b1\u03c4\u03b1",
  "\u0391\u03b8\u03ae\u03bd\u03b1", "\u041f\u0440\u0438\u0432\u0435\u0442, \u043c\u0438\u0440!",
  "\u0421\u044a\u0435\u0448\u044c \u0436\u0435 \u0435\u0449\u0451 \u044d\u0442\u0438\u0445 \u043c\u044f\u0433\u043a\u0438\u0445 \u0444\u0440\u0430\u043d\u0446\u0443\u0437\u0441\u043a\u0438\u0445 \u0431\u0443\u043b\u043e\u043a",
  "mixed Latin \u0395\u03bb\u03bb\u03b7\u03bd\u03b9\u03ba\u03ac \u041a\u0438\u0440\u0438\u043b\u043b\u0438\u0446\u0430",
  "fi fl ffi", "\u2014em\u2013en dash\u2026", "\u2605\u2606\u2660\u2663", "a  b", " leading", "Yo! Te? Va.",
  "LT LY PA", "FAVOURITE", "Typography", "rhythm & blues", "Kerning: AWAY, Tower, Yacht", "x"
];
const sizes = [11, 16, 23.5];
const paragraphs = [
  "The quick brown fox jumps over the lazy dog and keeps running through the forest until night falls.",
  "Layout engines break lines greedily at spaces; a word that is too long overflows its line.",
  "state-of-the-art well-known self-contained long-term high-quality results",
  "Supercalifragilisticexpialidocious is long, antidisestablishmentarianism longer.",
  "\u0421\u044a\u0435\u0448\u044c \u0436\u0435 \u0435\u0449\u0451 \u044d\u0442\u0438\u0445 \u043c\u044f\u0433\u043a\u0438\u0445 \u0444\u0440\u0430\u043d\u0446\u0443\u0437\u0441\u043a\u0438\u0445 \u0431\u0443\u043b\u043e\u043a, \u0434\u0430 \u0432\u044b\u043f\u0435\u0439 \u0447\u0430\u044e.",
  "Numbers 10-20 and 1,000,000 with e-mail addresses like user@example.com wrap too."
];
const widths = [60, 120, 200, 333];
function span(text, size, kerning, weight = 400) {
  const e = document.createElement("span");
  e.style.cssText = `font-family:${family};font-size:${size}px;white-space:pre;font-variant-ligatures:none;` +
    `font-kerning:${kerning};line-height:normal;font-weight:${weight}`;
  e.textContent = text;
  document.body.appendChild(e);
  const w = e.getBoundingClientRect().width;
  e.remove();
  return w;
}
const out = {widths: [], paragraphs: [], lineHeights: []};
for (const size of sizes) for (const text of strings) {
  out.widths.push({text, size, kerning: false, width: span(text, size, "none")});
  out.widths.push({text, size, kerning: true, width: span(text, size, "normal")});
}
for (const text of strings) {
  out.widths.push({text, size: 16, weight: 700, kerning: false, width: span(text, 16, "none", 700)});
  out.widths.push({text, size: 16, weight: 700, kerning: true, width: span(text, 16, "normal", 700)});
}
for (const size of [11, 13, 16]) for (const width of widths) for (const text of paragraphs) {
  const d = document.createElement("div");
  d.style.cssText = `font-family:${family};font-size:${size}px;width:${width}px;white-space:normal;` +
    `font-variant-ligatures:none;font-kerning:none;line-height:normal`;
  d.textContent = text;
  document.body.appendChild(d);
  const range = document.createRange();
  range.selectNodeContents(d.firstChild);
  const rects = Array.from(range.getClientRects()).filter(r => r.width > 0);
  const tops = [...new Set(rects.map(r => r.top))];
  const lineWidths = tops.map(t => rects.filter(r => r.top === t).reduce((a, r) => a + r.width, 0));
  out.paragraphs.push({text, size, width, lines: tops.length, height: d.getBoundingClientRect().height, lineWidths});
  d.remove();
}
function lineBox(size, lineHeight, weight) {
  const d = document.createElement("div");
  d.style.cssText = `font-family:${family};font-size:${size}px;white-space:pre;font-weight:${weight};` +
    `line-height:${lineHeight === null ? "normal" : lineHeight + "px"}`;
  d.innerHTML = 'Hxg<span style="display:inline-block;width:0;height:0"></span>';
  document.body.appendChild(d);
  const top = d.getBoundingClientRect().top;
  const baseline = d.lastChild.getBoundingClientRect().top - top;
  // The height comes from the text alone: the zero-size marker sits on the baseline and could grow a short box.
  d.lastChild.remove();
  const box = {size, lineHeight, weight, height: d.getBoundingClientRect().height, baseline};
  d.remove();
  return box;
}
for (const size of [8, 10, 11, 12, 13, 14, 15, 16, 17, 18, 20, 23.5, 24, 32, 48]) {
  out.lineHeights.push(lineBox(size, null, 400));
  out.lineHeights.push(lineBox(size, null, 700));
}
for (const size of [11, 13, 16, 23.5]) for (const lineHeight of [12, 20, 25, 31]) {
  out.lineHeights.push(lineBox(size, lineHeight, 400));
}
// Break opportunities: at a width of 1px every opportunity is taken, whatever the glyph widths (also for
// scripts DejaVu lacks), so the lines show where the browser may break. white-space: pre-wrap keeps spaces.
const breakTexts = [
  "hello world foo", "well-known state-of-the-art", "10-20 a-1 x - y", "em\u2014dash en\u2013dash h\u2010y",
  "\u4e2d\u6587\u5b57\u4f53\u6392\u7248", "\u4e2d\u6587\u3002\u5b57\u4f53\uff0c\u6392\u7248\uff01",
  "\u3061\u3087\u3063\u3068\u5f85\u3063\u3066", "\u300c\u5f15\u7528\u300d\u3067\u3059",
  "\u30ab\u30bf\u30ab\u30ca\u30fc\u9577\u97f3", "\ud55c\uad6d\uc5b4 \ud14d\uc2a4\ud2b8",
  "\ud55c\uad6d\uc5b4\ud14d\uc2a4\ud2b8", "abc\u4e2d\u6587def", "(paren) [bracket] {brace}",
  "a, b. c! d? e: f;", "e-mail user@example.com", "a\u200bb\u200bc", "non\u00a0breaking space",
  "x (y) z", "\u4e2d(\u6587)\u5b57", "\u4e2d\u6587 \u5b57", "tab\tstop", "a  b   c", "end. Next"
];
out.breaks = [];
for (const text of breakTexts) {
  const d = document.createElement("div");
  d.style.cssText = `font-family:${family};font-size:16px;width:1px;white-space:pre-wrap;line-height:normal`;
  d.textContent = text;
  document.body.appendChild(d);
  const node = d.firstChild;
  const lines = [];
  let lastTop = null;
  for (let i = 0; i < text.length; i++) {
    const r = document.createRange();
    r.setStart(node, i);
    r.setEnd(node, i + 1);
    const rect = r.getClientRects()[0];
    const top = rect ? rect.top : lastTop;
    if (lines.length === 0 || top !== lastTop) lines.push("");
    lines[lines.length - 1] += text[i];
    lastTop = top;
  }
  out.breaks.push({text, lines});
  d.remove();
}
document.getElementById("out").textContent = JSON.stringify(out);
</script></body></html>
HTML
chromium --headless --no-sandbox --disable-gpu --dump-dom "file://$work/page.html" 2>/dev/null > "$work/dom.html"
python3 - "$work/dom.html" "$here/dejavu-browser.json" "$version" <<'PY'
import html, json, re, sys
dom = open(sys.argv[1], encoding="utf-8").read()
data = json.loads(html.unescape(re.search(r'<pre id="out">(.*?)</pre>', dom, re.S).group(1)))
data = {"source": sys.argv[3] + " --headless, font-variant-ligatures: none; made by make-browser-widths.sh",
        "font": "DejaVu Sans (fonts-dejavu-core, /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf)", **data}
with open(sys.argv[2], "w", encoding="utf-8") as f:
    json.dump(data, f, ensure_ascii=False, indent=1)
    f.write("\n")
PY
echo "wrote $here/dejavu-browser.json"
