/// Another input, with something done once just before its first line is read: when the first
/// card is on screen and quiz would only wait for the user, the deck cache is written.
final class FirstReadInput: LineInput {
  private let input: LineInput
  private var action: (() -> Void)?

  /// `input`, calling `action` once before the first read.
  init(_ input: LineInput, beforeFirstRead action: @escaping () -> Void) {
    self.input = input
    self.action = action
  }

  var isInteractive: Bool { input.isInteractive }

  var linesRead: Int { input.linesRead }

  func read(prompt: String, deadline: Double?, tick: ((Int) -> String)?) -> InputEvent {
    if let action {
      self.action = nil
      action()
    }
    return input.read(prompt: prompt, deadline: deadline, tick: tick)
  }
}
