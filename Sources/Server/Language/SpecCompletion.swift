import LayoutSpecs
import SpecLanguage

/// `textDocument/completion` on a layout-spec document: member names valid in the object at the cursor (an
/// element's by its type, a style's, a row's, a table document's), element types, enumerated values and installed
/// font families. Pure apart from listing font families.
enum SpecCompletion {
  /// One completion: what it shows, LSP's CompletionItemKind, what it inserts over which bytes.
  struct Item: Sendable, Equatable {
    var label: String
    var kind: Int
    var detail: String
    var newText: String
    var replace: Range<Int>
  }

  /// LSP CompletionItemKinds used.
  static let propertyKind = 10, enumMemberKind = 20, classKind = 7, textKind = 1

  /// Members whose value is an element (or an array of elements).
  static let elementSlots: Set<String> = ["root", "cell", "child", "children", "overlay", "background", "corner"]
  /// Members of a table document.
  static let tableMembers = ["viewport", "widths", "scale", "rows", "sections"]

  /// The completions at byte `offset` of `text`.
  static func items(_ text: String, at offset: Int, checker: SpecChecker) -> [Item] {
    guard let context = CompletionContext.at(offset, in: text) else { return [] }
    let object = context.object
    switch context.slot {
    case .key:
      let (members, detail): ([String], String)
      if object.parentKey == "style" {
        (members, detail) = (SpecVocabulary.styleMembers, "style member")
      } else if object.parentKey == "rows" {
        (members, detail) = (["id", "cell"], "row member")
      } else if object.parentKey == "sections" {
        (members, detail) = (["rows"], "section member")
      } else if object.parentKey == "insets" || object.parentKey == "textContainerInset" {
        (members, detail) = (["top", "left", "bottom", "right"], "inset")
      } else if let type = object.type, let valid = SpecVocabulary.members(ofElement: type) {
        (members, detail) = (valid, "\(type) member")
      } else if object.parentKey.map(elementSlots.contains) == true {
        (members, detail) = (SpecVocabulary.commonMembers, "element member")
      } else if object.depth == 0 {
        // A new document: a cell spec (`type` first) or a table document.
        (members, detail) = (["type"] + tableMembers + ["root"], "document member")
      } else {
        return []
      }
      return members.filter { !object.keys.contains($0) }.map { name in
        Item(label: name, kind: propertyKind, detail: detail, newText: "\"\(name)\": ", replace: context.replace)
      }
    case .value(let key):
      let (values, kind, detail): ([String], Int, String)
      if key == "type", object.parentKey.map(elementSlots.contains) != false {
        (values, kind, detail) = (SpecVocabulary.elementTypes, classKind, "element type")
      } else if key == "fontFamily" {
        (values, kind, detail) = (checker.registry.families().sorted(), textKind, "installed font family")
      } else if let known = SpecVocabulary.enumValues[key] {
        (values, kind, detail) = (known, enumMemberKind, key)
      } else {
        return []
      }
      return values.map { value in
        Item(label: value, kind: kind, detail: detail, newText: "\"\(value)\"", replace: context.replace)
      }
    }
  }
}
