import Foundation
import JSONCodec
import Testing

/// `layoutd layout` run as a process on every conformance and bench file (the built binary, through pipes).
@Suite(.serialized) struct LayoutCommandTests {
  /// The package root, from this file's path.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The debug build of the daemon (`swift test` builds it with the tests).
  static var binary: URL { root.appendingPathComponent(".build/debug/layoutd") }

  /// Runs `layoutd` with `arguments` and `stdin`; returns exit status, stdout and stderr.
  static func run(_ arguments: [String], stdin: Data = Data()) throws -> (status: Int32, out: Data, err: String) {
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    let input = Pipe()
    let output = Pipe()
    let error = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = error
    try process.run()
    input.fileHandleForWriting.write(stdin)
    try input.fileHandleForWriting.close()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, out, String(decoding: err, as: UTF8.self))
  }

  /// Every fixture file the command must read, with whether its cases are layout cases.
  static let files: [(path: String, layout: Bool)] = {
    var files: [(String, Bool)] = []
    let fm = FileManager.default
    for dir in ["conformance/yoga", "conformance/texture", "bench"] {
      let url = root.appendingPathComponent("Tests/Fixtures").appendingPathComponent(dir)
      let names = ((try? fm.contentsOfDirectory(atPath: url.path)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
      for name in names where name != "table-10k.json" {  // 7 MB: too slow for a debug test, run by hand
        let isLayout = dir != "conformance/texture" || name == "stack-layout.json" || name == "layout-specs.json"
        files.append((url.appendingPathComponent(name).path, isLayout))
      }
    }
    return files
  }()

  /// Runs `layoutd layout` on every file. Bench trees must give both directions. Each conformance case must
  /// come back in order under its name, and a layout case's printed frames must match its fixture's expected
  /// frames: FORMAT.md cases every `expected` direction within the case's tolerance (`ConformanceRunner`'s
  /// comparison), Texture cases the size and every expected frame within 0.01 pt (`TextureFixtures.differences`).
  /// Only the FORMAT.md cases that `ConformanceRunner` skips (a Yoga switch the engine does not model) go
  /// uncompared, and they are counted.
  @Test func laysOutEveryFixtureFile() throws {
    #expect(Self.files.count >= 40)
    var compared = 0
    var skipped = 0
    for (path, isLayout) in Self.files {
      let result = try Self.run(["layout", path])
      #expect(result.status == 0, "\(path): \(result.err)")
      let document = try JSONParser.parse(Array(result.out))
      if path.contains("/bench/") {
        #expect(document["ltr"]?["width"]?.doubleValue != nil, "\(path)")
        #expect(document["rtl"]?["width"]?.doubleValue != nil, "\(path)")
        continue
      }
      let input = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
      let cases = input["cases"]?.arrayValue ?? []
      let results = document["results"]?.arrayValue ?? []
      #expect(results.count == cases.count, "\(path)")
      let errors = results.filter { $0["error"] != nil }
      guard isLayout else {
        #expect(errors.count == results.count, "\(path): non-layout cases must report an error each")
        continue
      }
      #expect(errors.isEmpty, "\(path): \(errors.first.map { JSONWriter.string($0) } ?? "")")
      let file = URL(fileURLWithPath: path).lastPathComponent
      for (c, printed) in zip(cases, results) {
        let name = c["name"]?.stringValue ?? "?"
        #expect(printed["name"] == c["name"], "\(file): result for \(name) out of order")
        let problems: [String]
        if let expected = c["expected"]?.objectValue, c["input"] != nil {
          problems = TextureFixtures.differences(expected: expected, result: printed)
        } else if case .skipped = ConformanceRunner.run(c) {
          skipped += 1
          continue
        } else {
          problems = Self.formatDifferences(c, printed)
        }
        compared += 1
        #expect(problems.isEmpty, "\(file) \(name): \(problems.joined(separator: "; "))")
      }
    }
    // 544 Yoga cases, 104 stack-layout and 107 layout-specs cases.
    #expect(compared == 544 + 104 + 107 && skipped == 0, "compared \(compared), skipped \(skipped)")
  }

  /// How the frames printed for FORMAT.md case `c` differ from its `expected` (every direction it gives, within
  /// its `tolerance`, default 0.01).
  static func formatDifferences(_ c: JSONValue, _ printed: JSONValue) -> [String] {
    guard let expected = c["expected"]?.objectValue, !expected.members.isEmpty else { return ["no expected frames"] }
    let tolerance = c["tolerance"]?.doubleValue ?? 0.01
    var problems: [String] = []
    for (direction, want) in expected.members {
      guard let got = printed[direction] else {
        problems.append("\(direction) not printed")
        continue
      }
      if let d = ConformanceRunner.firstDifference(got, want, tolerance: tolerance, path: direction) {
        problems.append(d)
      }
    }
    return problems
  }

  @Test func textureCaseOutputShape() throws {
    let json =
      #"{"cases":[{"name":"one","input":{"scale":2,"sizeRange":{"min":[0,0],"max":[100,100]},"#
      + #""root":{"type":"inset","insets":{"top":10,"left":10,"bottom":10,"right":10},"#
      + #""child":{"type":"node","name":"a","style":{"width":20,"height":30}}}}}]}"#
    let result = try Self.run(["layout", "-"], stdin: Data(json.utf8))
    #expect(result.status == 0)
    // Inset 10 on each side around a 20×30 node: size 40×50, the node at (10, 10).
    #expect(
      String(decoding: result.out, as: UTF8.self)
        == #"{"results":[{"name":"one","size":[40,50],"frames":{"a":[10,10,20,30]}}]}"# + "\n")
  }

  @Test func directionFlagAndSingleTree() throws {
    let json =
      #"{"available":{"width":100,"height":null},"root":{"style":{"width":100,"flexDirection":"row"},"#
      + #""children":[{"style":{"width":30,"height":10}}]}}"#
    let result = try Self.run(["layout", "--direction", "rtl"], stdin: Data(json.utf8))
    #expect(result.status == 0)
    // RTL row: the 30-wide child sits at the right edge, left = 100 − 30 = 70.
    #expect(
      String(decoding: result.out, as: UTF8.self)
        == #"{"rtl":{"left":0,"top":0,"width":100,"height":10,"children":[{"left":70,"top":0,"width":30,"height":10,"children":[]}]}}"#
        + "\n")
  }

  /// `--jsonl`: 2,000 lines, each a cell of its own height (line n is n % 97 + 1 points tall at width 50), laid out
  /// by 2 threads in windows, come back in input order; a blank and a broken line yield errors naming their line
  /// numbers in place, and the exit status is 1.
  @Test func jsonLinesKeepInputOrderAndReportBadLines() throws {
    var lines: [String] = []
    for n in 0..<2_000 {
      lines.append(#"{"type":"node","id":"c","style":{"height":\#(n % 97 + 1)}}"#)
    }
    lines.insert("", at: 10)
    lines.insert("{oops", at: 20)
    let result = try Self.run(
      ["layout", "--jsonl", "--jobs", "2", "--width", "50"], stdin: Data(lines.joined(separator: "\n").utf8))
    #expect(result.status == 1)
    let out = String(decoding: result.out, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    #expect(out.count == 2_003)  // 2,002 results, then the empty text after the last LF
    #expect(out[10] == #"{"line":11,"error":"empty line: expected one JSON document"}"#)
    #expect(out[20].hasPrefix(#"{"line":21,"error":"not valid JSON"#))
    var n = 0
    for (index, line) in out.dropLast().enumerated() where index != 10 && index != 20 {
      #expect(line.contains(#""size":{"width":50,"height":\#(n % 97 + 1)}"#), "line \(index + 1): \(line)")
      n += 1
    }
    #expect(result.err.contains("2 of 2002 lines were not laid out"))
  }

  @Test func unreadableInputExitsWithTwo() throws {
    let notJSON = try Self.run(["layout"], stdin: Data("nope".utf8))
    #expect(notJSON.status == 2)
    #expect(notJSON.err.hasPrefix("layoutd layout: input is not valid JSON"))
    let wrongShape = try Self.run(["layout", "-"], stdin: Data(#"{"x": 1}"#.utf8))
    #expect(wrongShape.status == 2)
    let missing = try Self.run(["layout", "/nonexistent/file.json"])
    #expect(missing.status == 2)
    #expect(missing.err == "layoutd layout: cannot read /nonexistent/file.json: No such file or directory\n")
    let badFlag = try Self.run(["layout", "--direction", "up", "-"])
    #expect(badFlag.status == 2)
  }

  @Test func badCaseYieldsErrorAndTheRestRuns() throws {
    let json =
      #"{"cases":[{"name":"bad","root":{"style":{"width":"wide"}}},"#
      + #"{"name":"good","root":{"style":{"width":10,"height":10}},"expected":{"ltr":{}}}]}"#
    let result = try Self.run(["layout", "-"], stdin: Data(json.utf8))
    #expect(result.status == 0)
    let results = try JSONParser.parse(Array(result.out))["results"]?.arrayValue ?? []
    #expect(results.count == 2)
    #expect(
      results.first?["error"]?.stringValue
        == #"root.style.width: expected a length (a number, "N%", "auto", "max-content", "fit-content" or "stretch"), got "wide""#
    )
    #expect(results.last?["ltr"]?["width"]?.doubleValue == 10)
    #expect(results.last?["rtl"] == nil)
  }

  /// A Texture case file with one text leaf in `family`, optionally declaring how text is measured.
  static func textCaseFile(family: String, measurement: String?) -> String {
    let declaration = measurement.map { #""textMeasurement":"\#($0)","# } ?? ""
    return #"{\#(declaration)"cases":[{"name":"t","input":{"scale":1,"sizeRange":{"min":[0,0],"max":[1000,1000]},"#
      + #""root":{"type":"text","name":"label","text":"abc def","fontFamily":"\#(family)","fontSize":10}}}]}"#
  }

  @Test func fixedAdvancesOnlyWhereTheCaseFileDeclaresThem() throws {
    // Declared: 0.6 em per character and 1.2 em lines, whatever the family (7 characters of 10 pt: 42 × 12).
    let fixedFile = Self.textCaseFile(family: "NoSuchFont", measurement: "fixedAdvance")
    let fixed = try Self.run(["layout"], stdin: Data(fixedFile.utf8))
    #expect(fixed.status == 0)
    #expect(
      String(decoding: fixed.out, as: UTF8.self)
        == #"{"results":[{"name":"t","size":[42,12],"frames":{"label":[0,0,42,12]}}]}"# + "\n")
    // Not declared (or "fonts"): the daemon's decoder and fonts; a family that is not installed is refused.
    for measurement in [nil, "fonts"] {
      let strictFile = Self.textCaseFile(family: "NoSuchFont", measurement: measurement)
      let strict = try Self.run(["layout"], stdin: Data(strictFile.utf8))
      #expect(strict.status == 0)
      let error = try JSONParser.parse(Array(strict.out))["results"]?.arrayValue?.first?["error"]?.stringValue ?? ""
      let expected = #"cases[0].input.root.fontFamily: font family "NoSuchFont" is not installed"#
      #expect(error.hasPrefix(expected), "\(error)")
    }
    // Real DejaVu Sans is narrower than 0.6 em: the frame differs from the fixed one.
    let real = try Self.run(["layout"], stdin: Data(Self.textCaseFile(family: "DejaVu Sans", measurement: nil).utf8))
    let frame =
      try JSONParser.parse(Array(real.out))["results"]?.arrayValue?.first?["frames"]?["label"]?.arrayValue ?? []
    #expect(frame.count == 4 && frame[2].doubleValue != 42)
    // Any other declaration is refused.
    let bad = try Self.run(["layout"], stdin: Data(Self.textCaseFile(family: "Ahem", measurement: "guess").utf8))
    #expect(bad.status == 2)
    #expect(bad.err.hasPrefix(#"layoutd layout: textMeasurement: expected "fonts" or "fixedAdvance", got "guess""#))
  }

  @Test func cellFlagsApplyToABareSpecOnly() throws {
    let json = #"{"cases":[]}"#
    let result = try Self.run(["layout", "--width", "100"], stdin: Data(json.utf8))
    #expect(result.status == 2)
    #expect(result.err.hasPrefix("layoutd layout: --width, --height and --scale apply to a bare cell spec"))
    // --height bounds a bare spec's height; without it the cell is as tall as it needs.
    let spec = #"{"type":"node","id":"n","style":{"height":500}}"#
    let bounded = try Self.run(["layout", "--width", "100", "--height", "300"], stdin: Data(spec.utf8))
    #expect(
      String(decoding: bounded.out, as: UTF8.self)
        == #"{"size":{"width":100,"height":300},"elements":[{"type":"node","id":"n","#
        + #""frame":{"x":0,"y":0,"width":100,"height":300}}]}"#
        + "\n")
    let free = try Self.run(["layout", "--width", "100"], stdin: Data(spec.utf8))
    #expect(try JSONParser.parse(Array(free.out))["size"]?["height"]?.doubleValue == 500)
  }
}
