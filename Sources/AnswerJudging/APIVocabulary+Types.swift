extension APIVocabulary {
  /// The types the judge knows as API, beyond the SDK index.
  static let typeNames = """
    # types
    Glass
    GlassEffectContainer
    Window
    MenuBarExtra
    Any
    ID
    print
    debugPrint
    dump
    min
    max
    abs
    zip
    stride
    fatalError
    precondition
    preconditionFailure
    assert
    assertionFailure
    swap
    repeatElement
    withAnimation
    withTransaction
    withObservationTracking
    withCheckedContinuation
    withCheckedThrowingContinuation
    withTaskGroup
    withThrowingTaskGroup
    withDiscardingTaskGroup
    """
}
