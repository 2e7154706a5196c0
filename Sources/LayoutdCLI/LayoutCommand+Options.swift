import Server

extension LayoutCommand {
  /// What the command line of `layoutd layout` asked for. Pure value.
  struct Options {
    /// `--direction`: the directions FORMAT.md trees are laid out in (nil: a case's `expected`, else both).
    var direction: DirectionChoice?
    /// `--width W`: the width a bare cell spec is laid out at.
    var width: Double?
    /// `--height H`: the most height a bare cell spec may take (nil: as tall as it needs, as a table row).
    var height: Double?
    /// `--scale S`: the screen scale a bare cell spec is rounded at (nil: 2, `session/create`'s default).
    var scale: Double?
    /// `--font-dir DIR` (repeatable): where font families are looked up (none given: the system's directories).
    var fontDirectories: [String] = []
    /// The input file, or "-" for stdin (nil: stdin).
    var input: String?
    /// `--jsonl`: one document per input line, one result per output line (`LayoutCommand+Lines`).
    var jsonLines = false
    /// `--jobs N`: threads laying out JSON Lines (nil: one per core).
    var jobs: Int?
    /// The run's cell layouts, one per scale (shared by its threads).
    let cells = CellFramesCache()

    /// True when a flag that applies only to a bare cell spec was given.
    var hasCellFlags: Bool { width != nil || height != nil || scale != nil }

    /// The daemon's options with these font directories (the daemon's own cell limits).
    var server: ServerOptions {
      var options = ServerOptions()
      if !fontDirectories.isEmpty { options.fontDirectories = fontDirectories }
      return options
    }
  }

  /// Reads the flags of `layoutd layout`; a usage error names what is wrong.
  static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    var options = Options()
    var rest = arguments[...]
    /// The value after `flag`, a finite number in `range`.
    func number(_ flag: String, in range: ClosedRange<Double>, _ rangeText: String) throws(UsageError) -> Double {
      guard let text = rest.popFirst() else { throw UsageError(message: "\(flag) needs a number \(rangeText)") }
      guard let value = Double(text), value.isFinite, range.contains(value) else {
        throw UsageError(message: "\(flag) needs a number \(rangeText), not '\(text)'")
      }
      return value
    }
    while let argument = rest.popFirst() {
      switch argument {
      case "--direction":
        switch rest.popFirst() {
        case "ltr"?: options.direction = .ltr
        case "rtl"?: options.direction = .rtl
        case "both"?: options.direction = .both
        case let other?: throw UsageError(message: "--direction takes ltr, rtl or both, not '\(other)'")
        case nil: throw UsageError(message: "--direction needs ltr, rtl or both")
        }
      case "--width":
        options.width = try number(argument, in: CellFrames.sizes, "in (0, 100000]")
      case "--height":
        options.height = try number(argument, in: CellFrames.sizes, "in (0, 100000]")
      case "--scale":
        options.scale = try number(argument, in: CellFrames.scales, "in [1, 4]")
      case "--jsonl":
        options.jsonLines = true
      case "--jobs":
        guard let text = rest.popFirst() else { throw UsageError(message: "--jobs needs a whole number in [1, 256]") }
        guard let jobs = Int(text), (1...256).contains(jobs) else {
          throw UsageError(message: "--jobs needs a whole number in [1, 256], not '\(text)'")
        }
        options.jobs = jobs
      case "--font-dir":
        guard let directory = rest.popFirst() else { throw UsageError(message: "--font-dir needs a directory") }
        options.fontDirectories.append(directory)
      default:
        if argument.hasPrefix("-") && argument != "-" { throw UsageError(message: "unknown option '\(argument)'") }
        if options.input != nil { throw UsageError(message: "more than one input file") }
        options.input = argument
      }
    }
    return options
  }
}
