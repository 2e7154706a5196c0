import JSONCodec
import LayoutSpecs
import Testing

/// Justified text leaves through `LayoutEnvironment.standard` (the Typography measurer), in ahem at 10 pt.
@Suite struct JustifiedTextTests {
  /// "aa bb cc" in a 60-pt cell: "aa bb" (50) and "cc"; the first line is stretched to 60 with its natural width
  /// 50 reported beside it (in the layout JSON too); the last line is not stretched and has no natural width.
  @Test func stretchedLinesReportTheirNaturalWidth() throws {
    let spec = try SpecDecoder.decode(
      json: #"{"type":"text","id":"t","text":"aa bb cc","fontFamily":"ahem","fontSize":10,"alignment":"justified"}"#)
    let layout = try LayoutEngine(environment: .standard(scale: 2)).layout(
      spec, in: SizeRange(min: Size(0, 0), max: Size(60, .greatestFiniteMagnitude)))
    let lines = try #require(layout.text?.lines)
    #expect(layout.size == Size(60, 20))
    #expect(lines.map(\.width) == [60, 20] && lines.map(\.naturalWidth) == [50, nil])
    #expect(lines[0].json["naturalWidth"] == .double(50) && lines[1].json["naturalWidth"] == nil)
  }
}
