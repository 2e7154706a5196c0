/// Seeded random sessions and steps for the collection differential test: the kind (vertical, horizontal or
/// pager), the viewport and the flow from the seed, then steps chosen for the model's state (edits valid in it,
/// scrolls around and past the content, drags and programmatic moves, pages, batch completions, visibility).
struct CollectionStepGenerator {
  /// The generator's randomness.
  var random: ThrashRandom
  /// The next item id number.
  var nextID = 0

  /// A generator for `seed`.
  init(seed: UInt64) { random = ThrashRandom(state: seed) }

  /// The session of `seed`: kind by seed mod 3, viewport and flow drawn from small sets (item sizes no larger
  /// than a line's room, so every column rule applies).
  static func setup(seed: UInt64) -> CollectionModel {
    var random = ThrashRandom(state: seed ^ 0x5EED)
    let kind: CollectionModel.Kind = [.vertical, .horizontal, .pager][Int(seed % 3)]
    let width = [320.0, 375, 414][Int.random(in: 0..<3, using: &random)]
    let height = [480.0, 667, 300][Int.random(in: 0..<3, using: &random)]
    var layout = CollectionModel.Layout()
    layout.itemWidth = [60.0, 90, 100, 120, 150][Int.random(in: 0..<5, using: &random)]
    layout.itemHeight = [40.0, 60, 100, 120][Int.random(in: 0..<4, using: &random)]
    layout.lineSpacing = [0.0, 10, 15][Int.random(in: 0..<3, using: &random)]
    layout.interitemSpacing = [0.0, 10, 20][Int.random(in: 0..<3, using: &random)]
    let inset = { (r: inout ThrashRandom) in [0.0, 5, 20][Int.random(in: 0..<3, using: &r)] }
    layout.insets = (inset(&random), inset(&random), inset(&random), inset(&random))
    layout.header = [0.0, 0, 30][Int.random(in: 0..<3, using: &random)]
    layout.footer = [0.0, 0, 20][Int.random(in: 0..<3, using: &random)]
    return CollectionModel(kind: kind, layout: layout, width: width, height: height)
  }

  /// `session/create` params for `model`'s session (interface states off: the states are read by `table/ranges`).
  static func createParams(_ model: CollectionModel) -> String {
    let viewport =
      #""viewport":{"width":\#(LiveTableWire.number(model.width)),"height":\#(LiveTableWire.number(model.height))}"#
    let common = #"{\#(viewport),"interfaceStates":false,"batchFetching":true,"#
    if model.kind == .pager { return common + #""kind":"pager"}"# }
    let l = model.layout
    let n = LiveTableWire.number
    let layout =
      #"{"scrollDirection":"\#(model.vertical ? "vertical" : "horizontal")","#
      + #""itemSize":{"width":\#(n(l.itemWidth)),"height":\#(n(l.itemHeight))},"#
      + #""minimumLineSpacing":\#(n(l.lineSpacing)),"minimumInteritemSpacing":\#(n(l.interitemSpacing)),"#
      + #""sectionInset":{"top":\#(n(l.insets.top)),"left":\#(n(l.insets.left)),"#
      + #""bottom":\#(n(l.insets.bottom)),"right":\#(n(l.insets.right))},"#
      + #""headerReferenceSize":{"width":\#(n(l.header)),"height":\#(n(l.header))},"#
      + #""footerReferenceSize":{"width":\#(n(l.footer)),"height":\#(n(l.footer))}}"#
    return common + #""kind":"collection","layout":\#(layout)}"#
  }

  /// `count` fresh ids; in a collection (not a pager) about one in four is a ranged item ("i<n>r", carrying its own
  /// `sizeRange`: `CollectionStep.rangedItem`).
  mutating func ids(_ count: Int, ranged: Bool) -> [String] {
    defer { nextID += count }
    return (nextID..<nextID + count).map { n in
      ranged && Int.random(in: 0..<4, using: &random) == 0 ? "i\(n)r" : "i\(n)"
    }
  }

  /// A step for `model`'s state.
  mutating func next(_ model: CollectionModel) -> CollectionStep {
    let all = Array(model.sections.joined())
    let v = model.viewportExtent
    let pager = model.kind == .pager
    while true {
      switch Int.random(in: 0..<100, using: &random) {
      case 0..<22:
        let s = pager ? 0 : Int.random(in: 0..<model.sections.count, using: &random)
        let at = Int.random(in: 0...model.sections[s].count, using: &random)
        return .insert(section: s, at: at, ids: ids(Int.random(in: 1...12, using: &random), ranged: !pager))
      case 22..<32 where !all.isEmpty:
        let count = Int.random(in: 1...min(4, all.count), using: &random)
        return .delete(Array(all.shuffled(using: &random).prefix(count)))
      case 32..<37 where !all.isEmpty:
        let id = all.randomElement(using: &random) ?? ""
        var after = model.sections
        for s in after.indices { after[s].removeAll { $0 == id } }
        let s = pager ? 0 : Int.random(in: 0..<after.count, using: &random)
        return .move(id, section: s, item: Int.random(in: 0...after[s].count, using: &random))
      case 37..<40 where !all.isEmpty:
        return .reload(all.randomElement(using: &random) ?? "")
      case 40..<44 where !pager:
        return .insertSection(
          at: Int.random(in: 0...model.sections.count, using: &random),
          ids: ids(Int.random(in: 0...6, using: &random), ranged: true))
      case 44..<46 where !pager && model.sections.count > 1:
        return .deleteSection(Int.random(in: 0..<model.sections.count, using: &random))
      case 46..<68:
        // Anywhere in the content, a little before it or past it; halves of the viewport extent.
        let target = (Double(Int.random(in: -2...Int(model.maxOffset / v * 2) + 2, using: &random)) * v / 2)
        let jitter = Double(Int.random(in: -3...3, using: &random)) * 7
        return .scroll(to: target + jitter, drag: Int.random(in: 0..<3, using: &random) > 0)
      case 68..<78:
        let delta =
          Double(Int.random(in: -8...8, using: &random)) * v / 4 + Double(Int.random(in: -2...2, using: &random))
        return .scrollBy(delta, drag: Bool.random(using: &random))
      case 78..<83 where pager && model.pageCount > 0:
        return .scrollToPage(Int.random(in: 0..<model.pageCount, using: &random))
      case 83..<95 where model.batchState == .fetching:
        return .endBatch(cancel: Int.random(in: 0..<5, using: &random) == 0)
      case 95..<100:
        return .setVisible(!model.inWindow || Int.random(in: 0..<3, using: &random) == 0 ? !model.inWindow : true)
      default:
        continue
      }
    }
  }
}
