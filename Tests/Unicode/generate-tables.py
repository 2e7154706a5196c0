#!/usr/bin/env python3
"""Generates Sources/Typography/Unicode/UnicodePropertyTables.swift from the Unicode Character Database.

The table gives every code point (U+0000..U+10FFFF) the properties that grapheme clustering (UAX #29) and line
breaking (UAX #14) need, packed in 16 bits:

    bits 0-5    Line_Break class (LineBreak.txt), raw value of LineBreakClass; SA characters of general category
                Mn or Mc are stored as CM (UAX #14 LB1 needs the category, which the table does not keep)
    bits 6-9    Grapheme_Cluster_Break (auxiliary/GraphemeBreakProperty.txt), raw value of GraphemeBreakProperty
    bit 10      Extended_Pictographic (emoji/emoji-data.txt)
    bit 11      East_Asian_Width F, W or H (EastAsianWidth.txt), kept only for classes OP and CP (UAX #14 LB30)
    bit 12      Extended_Pictographic and unassigned (gc = Cn, extracted/DerivedGeneralCategory.txt), UAX #14 LB30b

The distinct packed values ("rows", fewer than 91) are listed once; a two-stage table maps a code point to its row:
stage 1 gives the block of `blockSize` code points, stage 2 the row of each code point of each distinct block. Both
stages are written as string literals (one or two characters per entry, in a 90-character alphabet) so the file
stays small and compiles in no time; UnicodeProperties.swift decodes them once.

Python 3 standard library only. Usage:

    python3 Tests/Unicode/generate-tables.py                 # write the Swift file
    python3 Tests/Unicode/generate-tables.py --check         # exit 1 if the committed file is out of date
    python3 Tests/Unicode/generate-tables.py --stdout        # print the Swift file (used by the tests)
    python3 Tests/Unicode/generate-tables.py --bidi          # the bidi and joining tables instead (any of the
                                                             # above): UnicodeBidiTables.swift, Bidi_Class
                                                             # (extracted/DerivedBidiClass.txt, its @missing
                                                             # defaults included), Joining_Type
                                                             # (ArabicShaping.txt), BidiMirroring.txt and the
                                                             # opening brackets of BidiBrackets.txt
    python3 Tests/Unicode/generate-tables.py --ucd DIR       # read the UCD from DIR (default /usr/share/unicode,
                                                             # Debian package unicode-data)

The breakers implement the rules of one Unicode version (EXPECTED_VERSION). Rules change between versions (15.1
adds GB9c with Indic_Conjunct_Break, and LB15a-d, LB20a and LB28a), so the generator refuses other versions: update
GraphemeBreaker and UnicodeLineBreaker, their conformance fixtures (Tests/Fixtures/unicode) and EXPECTED_VERSION
together.
"""

import argparse
import os
import re
import sys

EXPECTED_VERSION = "15.0.0"
MAX_CODE_POINT = 0x10FFFF
REPO = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
OUTPUT = os.path.join(REPO, "Sources", "Typography", "Unicode", "UnicodePropertyTables.swift")
BIDI_OUTPUT = os.path.join(REPO, "Sources", "Typography", "Unicode", "UnicodeBidiTables.swift")

# Raw values of BidiClass, in order (UAX #9 Table 4 abbreviations).
BIDI_CLASSES = [
    "L", "R", "AL", "EN", "ES", "ET", "AN", "CS", "NSM", "BN", "B", "S", "WS", "ON", "LRE", "LRO", "RLE", "RLO",
    "PDF", "LRI", "RLI", "FSI", "PDI",
]
BIDI_LONG_NAMES = {
    "Left_To_Right": "L", "Right_To_Left": "R", "Arabic_Letter": "AL", "European_Terminator": "ET",
    "Boundary_Neutral": "BN", "Other_Neutral": "ON", "Nonspacing_Mark": "NSM",
}
# Raw values of JoiningType (ArabicShaping.txt; C, join-causing, joins like D, as HarfBuzz treats it).
JOINING_TYPES = ["U", "L", "R", "D", "T"]

# Raw values of LineBreakClass, in order (UAX #14 Table 1 abbreviations).
LINE_BREAK_CLASSES = [
    "XX", "AI", "AL", "B2", "BA", "BB", "BK", "CB", "CJ", "CL", "CM", "CP", "CR", "EB", "EM", "EX", "GL", "H2",
    "H3", "HL", "HY", "ID", "IN", "IS", "JL", "JT", "JV", "LF", "NL", "NS", "NU", "OP", "PO", "PR", "QU", "RI",
    "SA", "SG", "SP", "SY", "WJ", "ZW", "ZWJ",
]
# Raw values of GraphemeBreakProperty, in order (UAX #29 Table 2 values).
GRAPHEME_BREAK_PROPERTIES = [
    "Other", "CR", "LF", "Control", "Extend", "ZWJ", "Regional_Indicator", "Prepend", "SpacingMark", "L", "V",
    "T", "LV", "LVT",
]
# Printable ASCII without '"' and '\' (safe inside a Swift multi-line string literal) and without 'X' (runs of
# one repeated digit are common, and a run of X's reads as a to-do marker to reviewers and their tools).
ALPHABET = "".join(chr(c) for c in range(0x23, 0x7F) if chr(c) not in "\\X")
BLOCK_SIZE = 128
LINE_WIDTH = 100

EXTENDED_PICTOGRAPHIC_BIT = 1 << 10
EAST_ASIAN_WIDE_BIT = 1 << 11
UNASSIGNED_PICTOGRAPHIC_BIT = 1 << 12


class UCD:
    """One UCD directory: reads its files and remembers each file's identifying first line and date."""

    def __init__(self, directory):
        self.directory = directory
        self.sources = []

    def lines(self, relative):
        """The data lines of a file as (first, last, fields) with comments removed; records its header."""
        path = os.path.join(self.directory, relative)
        with open(path, encoding="utf-8") as handle:
            text = handle.read().splitlines()
        name = text[0].lstrip("# ").strip() if text else relative
        date = next((line[len("# Date:"):].strip() for line in text[:5] if line.startswith("# Date:")), "")
        self.sources.append((relative, name, date))
        for line in text:
            data = line.split("#", 1)[0].strip()
            if not data:
                continue
            fields = [field.strip() for field in data.split(";")]
            bounds = fields[0].split("..")
            first = int(bounds[0], 16)
            last = int(bounds[-1], 16)
            yield first, last, fields[1:]

    def version(self, relative):
        """The version in a file's first line, e.g. "15.0.0" from "# LineBreak-15.0.0.txt"."""
        with open(os.path.join(self.directory, relative), encoding="utf-8") as handle:
            first = handle.readline()
        match = re.search(r"-(\d+\.\d+\.\d+)\.txt", first)
        return match.group(1) if match else None


def fill(values, ucd, relative, mapping, field=0):
    """Sets values[cp] = mapping(field value) for every code point a file lists (None from mapping: skip)."""
    for first, last, fields in ucd.lines(relative):
        value = mapping(fields[field])
        if value is None:
            continue
        for cp in range(first, last + 1):
            values[cp] = value


def build(ucd):
    """The packed properties of every code point."""
    size = MAX_CODE_POINT + 1
    line_break = [LINE_BREAK_CLASSES.index("XX")] * size
    fill(line_break, ucd, "LineBreak.txt", LINE_BREAK_CLASSES.index)
    grapheme = [0] * size
    fill(grapheme, ucd, "auxiliary/GraphemeBreakProperty.txt", GRAPHEME_BREAK_PROPERTIES.index)
    pictographic = [False] * size
    fill(pictographic, ucd, "emoji/emoji-data.txt", lambda v: True if v == "Extended_Pictographic" else None)
    wide = [False] * size
    fill(wide, ucd, "EastAsianWidth.txt", lambda v: v in ("F", "W", "H"))
    category = ["Cn"] * size
    fill(category, ucd, "extracted/DerivedGeneralCategory.txt", lambda v: v)
    incb = any("InCB" in fields[0] for _, _, fields in ucd.lines("DerivedCoreProperties.txt"))
    if incb:
        raise SystemExit("DerivedCoreProperties.txt has Indic_Conjunct_Break (Unicode 15.1+): see the docstring")

    sa, cm = LINE_BREAK_CLASSES.index("SA"), LINE_BREAK_CLASSES.index("CM")
    op, cp_ = LINE_BREAK_CLASSES.index("OP"), LINE_BREAK_CLASSES.index("CP")
    packed = [0] * size
    for cp in range(size):
        lb = line_break[cp]
        if lb == sa and category[cp] in ("Mn", "Mc"):
            lb = cm
        value = lb | grapheme[cp] << 6
        if pictographic[cp]:
            value |= EXTENDED_PICTOGRAPHIC_BIT
            if category[cp] == "Cn":
                value |= UNASSIGNED_PICTOGRAPHIC_BIT
        if wide[cp] and lb in (op, cp_):
            value |= EAST_ASIAN_WIDE_BIT
        packed[cp] = value
    return packed


def encode(values, width):
    """Each value as `width` digits of ALPHABET, most significant first."""
    base = len(ALPHABET)
    out = []
    for value in values:
        if value >= base ** width:
            raise SystemExit(f"value {value} does not fit {width} digit(s) of base {base}")
        digits = []
        for _ in range(width):
            digits.append(ALPHABET[value % base])
            value //= base
        out.append("".join(reversed(digits)))
    return "".join(out)


def literal(text, indent="    "):
    """A Swift multi-line string literal of `text` cut into lines of LINE_WIDTH characters."""
    lines = [text[i:i + LINE_WIDTH] for i in range(0, len(text), LINE_WIDTH)]
    return "\"\"\"\n" + "".join(f"{indent}{line}\n" for line in lines) + f"{indent}\"\"\""


def names(values):
    """Swift array elements of quoted `values`, a few per line."""
    quoted = [f"\"{value}\"" for value in values]
    lines = [", ".join(quoted[i:i + 12]) for i in range(0, len(quoted), 12)]
    return "".join(f"    {line},\n" for line in lines)


def render(ucd):
    """The Swift file."""
    packed = build(ucd)
    rows = sorted(set(packed))
    if len(rows) > len(ALPHABET):
        raise SystemExit(f"{len(rows)} distinct rows do not fit one digit")
    row_of = {value: index for index, value in enumerate(rows)}
    blocks, block_of, stage1 = [], {}, []
    for start in range(0, MAX_CODE_POINT + 1, BLOCK_SIZE):
        block = tuple(row_of[v] for v in packed[start:start + BLOCK_SIZE])
        if block not in block_of:
            block_of[block] = len(blocks)
            blocks.append(block)
        stage1.append(block_of[block])
    stage2 = [row for block in blocks for row in block]
    stage1_width = 1 if len(blocks) <= len(ALPHABET) else 2

    version = ucd.version("LineBreak.txt")
    sources = "".join(f"//   {relative}: {name}, {date}\n" for relative, name, date in ucd.sources)
    row_lines = []
    for i in range(0, len(rows), 12):
        row_lines.append("    " + ", ".join(f"0x{v:04X}" for v in rows[i:i + 12]) + ",\n")
    return (
        "// Generated by Tests/Unicode/generate-tables.py from the Unicode Character Database "
        f"{version}. Do not edit.\n"
        "// Regenerate with `python3 Tests/Unicode/generate-tables.py` (Debian package unicode-data); the test\n"
        "// UnicodeTablesTests checks that this file is what the generator writes. Source files:\n"
        f"{sources}"
        "\n"
        "/// The Unicode properties of every code point as compact tables; decoded by `UnicodeProperties`. Pure.\n"
        "enum UnicodePropertyTables {\n"
        "  /// Unicode version of the data.\n"
        f"  static let unicodeVersion = \"{version}\"\n"
        "  /// Code points per stage-1 block.\n"
        f"  static let blockSize = {BLOCK_SIZE}\n"
        "  /// Digits per stage-1 entry.\n"
        f"  static let stage1Width = {stage1_width}\n"
        "  /// The digit alphabet of the stage strings: a digit's value is its index here.\n"
        f"  static let alphabet = \"{ALPHABET}\"\n"
        "  /// Line_Break class abbreviations in `LineBreakClass` raw-value order.\n"
        f"  static let lineBreakClasses: [String] = [\n{names(LINE_BREAK_CLASSES)}  ]\n"
        "  /// Grapheme_Cluster_Break values in `GraphemeBreakProperty` raw-value order.\n"
        f"  static let graphemeBreakProperties: [String] = [\n{names(GRAPHEME_BREAK_PROPERTIES)}  ]\n"
        f"  /// The {len(rows)} distinct packed property values (layout in `UnicodeProperties`).\n"
        "  static let rows: [UInt16] = [\n"
        f"{''.join(row_lines)}"
        "  ]\n"
        f"  /// Block of each run of {BLOCK_SIZE} code points ({len(stage1)} entries of {stage1_width} digit(s)).\n"
        f"  static let stage1 = {literal(encode(stage1, stage1_width), '    ')}\n"
        f"  /// Row of each code point of each of the {len(blocks)} distinct blocks ({len(stage2)} digits).\n"
        f"  static let stage2 = {literal(encode(stage2, 1), '    ')}\n"
        "}\n"
    )


def build_bidi(ucd):
    """The packed Bidi_Class (bits 0-4) and Joining_Type (bits 5-7) of every code point."""
    size = MAX_CODE_POINT + 1
    bidi = [BIDI_CLASSES.index("L")] * size
    path = os.path.join(ucd.directory, "extracted/DerivedBidiClass.txt")
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            match = re.match(r"# @missing: ([0-9A-F]+)\.\.([0-9A-F]+); (\w+)", line)
            if match:
                value = BIDI_CLASSES.index(BIDI_LONG_NAMES[match.group(3)])
                for cp in range(int(match.group(1), 16), int(match.group(2), 16) + 1):
                    bidi[cp] = value
    fill(bidi, ucd, "extracted/DerivedBidiClass.txt", BIDI_CLASSES.index)
    category = ["Cn"] * size
    fill(category, ucd, "extracted/DerivedGeneralCategory.txt", lambda v: v)
    joining = [None] * size
    fill(joining, ucd, "ArabicShaping.txt", lambda v: JOINING_TYPES.index("D" if v == "C" else v), field=1)
    packed = [0] * size
    for cp in range(size):
        join = joining[cp]
        if join is None:
            join = JOINING_TYPES.index("T" if category[cp] in ("Mn", "Me", "Cf") else "U")
        packed[cp] = bidi[cp] | join << 5
    return packed


def pairs(ucd, relative):
    """The (code point, paired code point, extra field) entries of BidiMirroring.txt or BidiBrackets.txt."""
    return [(first, int(fields[0], 16), fields[1] if len(fields) > 1 else "") for first, _, fields in
            ucd.lines(relative)]


def two_stage(packed):
    """Rows, stage 1 (block of each run of BLOCK_SIZE code points), stage 2 and the stage-1 digit width."""
    rows = sorted(set(packed))
    if len(rows) > len(ALPHABET):
        raise SystemExit(f"{len(rows)} distinct rows do not fit one digit")
    row_of = {value: index for index, value in enumerate(rows)}
    blocks, block_of, stage1 = [], {}, []
    for start in range(0, MAX_CODE_POINT + 1, BLOCK_SIZE):
        block = tuple(row_of[v] for v in packed[start:start + BLOCK_SIZE])
        if block not in block_of:
            block_of[block] = len(blocks)
            blocks.append(block)
        stage1.append(block_of[block])
    stage2 = [row for block in blocks for row in block]
    stage1_width = 1 if len(blocks) <= len(ALPHABET) else 2
    return rows, stage1, blocks, stage2, stage1_width


def render_bidi(ucd):
    """The Swift file of the bidi and joining tables."""
    ucd.sources = []
    packed = build_bidi(ucd)
    mirrors = pairs(ucd, "BidiMirroring.txt")
    brackets = pairs(ucd, "BidiBrackets.txt")
    rows, stage1, blocks, stage2, stage1_width = two_stage(packed)
    version = ucd.version("BidiMirroring.txt")
    sources = "".join(f"//   {relative}: {name}, {date}\n" for relative, name, date in ucd.sources)
    row_lines = []
    for i in range(0, len(rows), 12):
        row_lines.append("    " + ", ".join(f"0x{v:04X}" for v in rows[i:i + 12]) + ",\n")
    mirror_lines = []
    for i in range(0, len(mirrors), 6):
        mirror_lines.append("    " + ", ".join(f"0x{a:04X}, 0x{b:04X}" for a, b, _ in mirrors[i:i + 6]) + ",\n")
    opening = [(a, b) for a, b, kind in brackets if kind == "o"]
    bracket_lines = []
    for i in range(0, len(opening), 6):
        bracket_lines.append("    " + ", ".join(f"0x{a:04X}, 0x{b:04X}" for a, b in opening[i:i + 6]) + ",\n")
    return (
        "// Generated by Tests/Unicode/generate-tables.py from the Unicode Character Database "
        f"{version}. Do not edit.\n"
        "// Regenerate with `python3 Tests/Unicode/generate-tables.py` (Debian package unicode-data); the test\n"
        "// UnicodeTablesTests checks that this file is what the generator writes. Source files:\n"
        f"{sources}"
        "\n"
        "/// Bidi_Class (UAX #9), Joining_Type (ArabicShaping.txt), Bidi_Mirroring_Glyph and Bidi_Paired_Bracket as\n"
        "/// compact tables; decoded by `BidiProperties`. Pure.\n"
        "enum UnicodeBidiTables {\n"
        "  /// Code points per stage-1 block.\n"
        f"  static let blockSize = {BLOCK_SIZE}\n"
        "  /// Digits per stage-1 entry.\n"
        f"  static let stage1Width = {stage1_width}\n"
        "  /// Bidi_Class abbreviations in `BidiClass` raw-value order.\n"
        f"  static let bidiClasses: [String] = [\n{names(BIDI_CLASSES)}  ]\n"
        "  /// Joining_Type values in `JoiningType` raw-value order (C is stored as D; T includes the Mn, Me and Cf\n"
        "  /// characters ArabicShaping.txt does not list).\n"
        f"  static let joiningTypes: [String] = [\n{names(JOINING_TYPES)}  ]\n"
        f"  /// The {len(rows)} distinct packed values: bits 0-4 Bidi_Class, 5-7 Joining_Type.\n"
        "  static let rows: [UInt16] = [\n"
        f"{''.join(row_lines)}"
        "  ]\n"
        f"  /// Block of each run of {BLOCK_SIZE} code points ({len(stage1)} entries of {stage1_width} digit(s)).\n"
        f"  static let stage1 = {literal(encode(stage1, stage1_width), '    ')}\n"
        f"  /// Row of each code point of each of the {len(blocks)} distinct blocks ({len(stage2)} digits).\n"
        f"  static let stage2 = {literal(encode(stage2, 1), '    ')}\n"
        "  /// Bidi_Mirroring_Glyph (BidiMirroring.txt): code point, mirror, ... in code point order.\n"
        "  static let mirrors: [UInt32] = [\n"
        f"{''.join(mirror_lines)}"
        "  ]\n"
        "  /// Bidi_Paired_Bracket of the opening brackets (BidiBrackets.txt): opening, closing, ...\n"
        "  static let brackets: [UInt32] = [\n"
        f"{''.join(bracket_lines)}"
        "  ]\n"
        "}\n"
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--ucd", default="/usr/share/unicode", help="UCD directory (default %(default)s)")
    parser.add_argument("--output", default=OUTPUT, help="Swift file to write (default: the committed one)")
    parser.add_argument("--bidi", action="store_true",
                        help="the bidi and joining tables (UnicodeBidiTables.swift) instead of the break tables")
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--stdout", action="store_true", help="print the file instead of writing it")
    group.add_argument("--check", action="store_true", help="exit 1 if the output file differs")
    arguments = parser.parse_args()

    ucd = UCD(arguments.ucd)
    needed = ("LineBreak.txt", "auxiliary/GraphemeBreakProperty.txt", "emoji/emoji-data.txt", "EastAsianWidth.txt",
              "extracted/DerivedGeneralCategory.txt", "DerivedCoreProperties.txt", "extracted/DerivedBidiClass.txt",
              "ArabicShaping.txt", "BidiMirroring.txt", "BidiBrackets.txt")
    missing = [name for name in needed if not os.path.exists(os.path.join(arguments.ucd, name))]
    if missing:
        raise SystemExit(f"no UCD at {arguments.ucd} (missing {', '.join(missing)}): apt-get install unicode-data")
    for relative in ("LineBreak.txt", "auxiliary/GraphemeBreakProperty.txt", "EastAsianWidth.txt"):
        version = ucd.version(relative)
        if version != EXPECTED_VERSION:
            raise SystemExit(f"{relative} is Unicode {version}; the breakers implement {EXPECTED_VERSION}")
    if arguments.bidi:
        text, output = render_bidi(ucd), BIDI_OUTPUT if arguments.output == OUTPUT else arguments.output
    else:
        text, output = render(ucd), arguments.output
    if arguments.stdout:
        sys.stdout.write(text)
    elif arguments.check:
        with open(output, encoding="utf-8") as handle:
            if handle.read() != text:
                print(f"{output} is out of date: run {sys.argv[0]}", file=sys.stderr)
                return 1
        print(f"{output} is up to date (Unicode {EXPECTED_VERSION})")
    else:
        with open(output, "w", encoding="utf-8") as handle:
            handle.write(text)
        print(f"wrote {output} ({len(text)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
