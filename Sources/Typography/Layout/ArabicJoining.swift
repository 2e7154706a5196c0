/// The positional form of each character of a text in a joining script (Arabic, Syriac, N'Ko, …), chosen as
/// HarfBuzz's Arabic shaper chooses it: a state machine over the characters' joining types (`JoiningType`), in
/// logical order, transparent characters (marks) skipped. A character that joins on its right side only takes its
/// final form after a joining character; a dual-joining one takes its initial form before a character that joins
/// on its right, medial between two, final after one, isolated otherwise. Pure.
enum ArabicJoining {
  /// A positional form: the OpenType feature that substitutes it.
  enum Form: UInt8, Sendable {
    /// No positional feature applies (non-joining and transparent characters).
    case none
    /// `isol`.
    case isolated
    /// `init`.
    case initial
    /// `medi`.
    case medial
    /// `fina`.
    case final

    /// The feature tag of the form (nil for `.none`).
    var feature: String? {
      switch self {
      case .none: return nil
      case .isolated: return "isol"
      case .initial: return "init"
      case .medial: return "medi"
      case .final: return "fina"
      }
    }
  }

  /// The forms of `scalars`, one per scalar.
  ///
  /// The machine has three states: 0 (the previous character does not join forwards), 1 (it joined on its right
  /// only, or is right-joining: it cannot join forwards) and 2/3 (it can join forwards, shown isolated or final
  /// until a right-joining character follows). HarfBuzz's table for Arabic without the Syriac joining groups:
  ///
  ///     state  U           L            R            D
  ///     0      -,-   →0    -,isol →2    -,isol →1    -,isol →2
  ///     1      -,-   →0    -,isol →2    -,isol →1    -,isol →2
  ///     2      -,-   →0    -,isol →2    init,fina →1 init,fina →3
  ///     3      -,-   →0    -,isol →2    medi,fina →1 medi,fina →3
  ///
  /// where "a,b →s" gives the previous joining character form a (when not "-"), this one form b, and moves to s.
  static func forms(_ scalars: some Collection<Unicode.Scalar>) -> [Form] {
    var forms = [Form](repeating: .none, count: scalars.count)
    var previous: Int? = nil
    var state = 0
    for (index, scalar) in scalars.enumerated() {
      let type = JoiningType.of(scalar.value)
      if type == .transparent { continue }
      var previousForm: Form = .none
      var form: Form = .none
      var next = 0
      switch (state, type) {
      case (_, .nonJoining), (_, .transparent): next = 0
      case (_, .leftJoining):
        form = .isolated
        next = 2
      case (0, .rightJoining), (1, .rightJoining):
        form = .isolated
        next = 1
      case (0, .dualJoining), (1, .dualJoining):
        form = .isolated
        next = 2
      case (2, .rightJoining):
        (previousForm, form, next) = (.initial, .final, 1)
      case (2, .dualJoining):
        (previousForm, form, next) = (.initial, .final, 3)
      case (_, .rightJoining):
        (previousForm, form, next) = (.medial, .final, 1)
      default:
        (previousForm, form, next) = (.medial, .final, 3)
      }
      if previousForm != .none, let previous { forms[previous] = previousForm }
      forms[index] = form
      previous = index
      state = next
    }
    return forms
  }
}
