import JSONCodec
import Testing

@Suite("range tuning, modes, visibility and application events", .serialized)
struct RangeMethodsTests {
  @Test("tuning parameters: Texture's table defaults, set per mode and type")
  func tuning() async {
    let h = ServerHarness()
    await ScrollTests.setUp(h)
    #expect(
      await h.call(5, "table/tuningParameters", #"{"sessionId": "s1", "rangeType": "preload"}"#).last?["result"]
        == json(#"{"leadingBufferScreenfuls": 2.5, "trailingBufferScreenfuls": 1.5}"#))
    #expect(
      await h.call(6, "table/tuningParameters", #"{"sessionId": "s1", "mode": "minimum"}"#).last?["result"]
        == json(
          #"""
          {"minimum": {"display": {"leadingBufferScreenfuls": 0.25, "trailingBufferScreenfuls": 0.25},
                       "preload": {"leadingBufferScreenfuls": 0.5, "trailingBufferScreenfuls": 0.25}}}
          """#))
    let set =
      #"{"sessionId": "s1", "mode": "full", "rangeType": "display", "leadingBufferScreenfuls": 3, "trailingBufferScreenfuls": 0}"#
    #expect(await h.call(7, "table/setTuningParameters", set).last?["result"] == .null)
    #expect(
      await h.call(8, "table/tuningParameters", #"{"sessionId": "s1", "rangeType": "display"}"#).last?["result"]
        == json(#"{"leadingBufferScreenfuls": 3, "trailingBufferScreenfuls": 0}"#))
    #expect(
      await h.call(
        9, "table/setTuningParameters",
        #"{"sessionId": "s1", "rangeType": "far", "leadingBufferScreenfuls": 1, "trailingBufferScreenfuls": 1}"#
      ).last?["error"]?["message"]
        == .string(#"params.rangeType: expected display or preload, got "far""#))
    #expect(
      await h.call(10, "table/tuningParameters", #"{"sessionId": "s1", "mode": "huge"}"#).last?["error"]?["message"]
        == .string(#"params.mode: expected one of minimum, full, visibleOnly, lowMemory, got "huge""#))
    h.closeInput()
  }

  @Test("modes: explicit, application events, a hidden container")
  func modes() async {
    let h = ServerHarness()
    await ScrollTests.setUp(h)
    #expect(
      await h.call(5, "table/ranges", #"{"sessionId": "s1"}"#).last?["result"]?["rangeMode"] == .string("minimum"))
    #expect(
      await h.call(6, "table/setRangeMode", #"{"sessionId": "s1", "mode": "visibleOnly"}"#).last?["result"]
        == json(#"{"rangeMode": "visibleOnly"}"#))
    // visibleOnly: only the 5 visible rows hold a state.
    #expect(await h.call(7, "table/ranges", #"{"sessionId": "s1"}"#).last?["result"]?["rows"]?.arrayValue?.count == 5)
    #expect(
      await h.call(8, "session/applicationEvent", #"{"sessionId": "s1", "event": "willEnterForeground"}"#).last?[
        "result"]
        == json(#"{"rangeMode": "minimum"}"#))
    #expect(await h.call(9, "session/setVisible", #"{"sessionId": "s1", "visible": false}"#).last?["result"] != nil)
    let hidden = await h.call(10, "table/ranges", #"{"sessionId": "s1"}"#).last?["result"]
    #expect(hidden?["visible"] == .bool(false))
    // Hidden container: on-screen rows are measureLayout|preload|display (§3.3).
    #expect(hidden?["rows"]?.arrayValue?.first?["state"] == json(#"["measureLayout", "preload", "display"]"#))
    #expect(
      await h.call(11, "session/applicationEvent", #"{"sessionId": "s1", "event": "didEnterBackground"}"#).last?[
        "result"]
        == json(#"{"rangeMode": "lowMemory"}"#))
    #expect(
      await h.call(12, "session/applicationEvent", #"{"sessionId": "s1", "event": "crash"}"#).last?["error"]?["message"]
        == .string(
          #"params.event: expected one of didEnterBackground, willEnterForeground, memoryWarning, got "crash""#))
    h.closeInput()
  }
}
