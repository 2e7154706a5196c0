import JSONCodec

/// Which messages the reader leaves partly unbuilt: in a request or notification of `method` whose body is at least
/// `minimumBodyBytes` long, the array member `params.<member>` is only validated, and its elements travel as a
/// `DeferredArray` beside the message (`IncomingMessage.deferred`), to be built by the handler where it uses them.
/// The transport knows nothing of what the member holds (the server reads the rule from its method table). Pure
/// value.
package struct DeferralRule: Sendable, Equatable {
  /// The method whose messages qualify.
  package var method: String
  /// The member of `params` that is deferred when it is an array.
  package var member: String
  /// Bodies shorter than this are built whole (deferring pays off only for large arrays).
  package var minimumBodyBytes: Int

  package init(method: String, member: String, minimumBodyBytes: Int) {
    self.method = method
    self.member = member
    self.minimumBodyBytes = minimumBodyBytes
  }
}

/// The deferred member of a message's params: its name and its unbuilt elements. The message's params leave the
/// member out. Pure value.
package struct DeferredParams: Sendable, Equatable {
  /// The member of `params` (the only member of that name, in the only `params`).
  package let member: String
  /// Its elements.
  package let elements: DeferredArray

  package init(member: String, elements: DeferredArray) {
    self.member = member
    self.elements = elements
  }
}
