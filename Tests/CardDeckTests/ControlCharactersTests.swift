import Testing

@testable import CardDeck

@Suite("Control characters")
struct ControlCharactersTests {
  @Test("the byte test agrees with the character test, on random text of risky characters")
  func byteTest() {
    let pieces: [String] = [
      "a", "·", "…", "é", "\u{1B}", "\u{7F}", "\u{85}", "\u{9B}", "\u{A0}", "\u{202E}", "\u{2028}",
      "\u{2066}", "\u{2069}", "\u{206A}", "\u{2030}", "\t", "\n", "\r", "\u{0}", "🙂",
    ]
    var state: UInt64 = 7
    for _ in 0..<5_000 {
      var text = ""
      for _ in 0..<6 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        text += pieces[Int(state >> 33) % pieces.count]
      }
      let expected = text.unicodeScalars.contains {
        ControlCharacters.isControl($0) && $0 != "\n" && $0 != "\r"
      }
      #expect(
        ControlCharacters.mayContain(Array(text.utf8)) == expected, "\(text.debugDescription)")
      #expect(
        !ControlCharacters.visible(text).unicodeScalars.contains(where: ControlCharacters.isControl)
      )
    }
  }

  @Test(
    "showing controls leaves text without one as it is and shows each as it did a scalar at a time",
    arguments: 0..<300)
  func visibleAgreesWithModel(seed: Int) {
    let pieces = [
      "a", " ", "~", "/tmp/in/lesson-1.txt", "\u{1F}", "\u{7F}", "\u{0}", "\t", "\n", "é",
      "\u{9B}", "\u{A0}", "\u{202E}", "\u{2069}", "·",
    ]
    var generator = SplitMix64(state: UInt64(seed))
    let text = (0..<Int(generator.next() % 6)).map { _ in
      pieces[Int(generator.next() % UInt64(pieces.count))]
    }.joined()
    var model = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case _ where !ControlCharacters.isControl(scalar): model.append(scalar)
      case 0x00...0x1F: model.append(Unicode.Scalar(0x2400 + scalar.value)!)
      case 0x7F: model.append("\u{2421}")
      default:
        model.append(
          contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
      }
    }
    #expect(ControlCharacters.visible(text) == String(model), "\(text.debugDescription)")
    #expect(ControlCharacters.visible(text[...]) == String(model), "\(text.debugDescription)")
  }

  /// The byte test a byte at a time, as it was first written: the model of the word-wide scan.
  static func modelMayContain(_ bytes: [UInt8]) -> Bool {
    for index in bytes.indices {
      switch bytes[index] {
      case 0x09, 0x0A, 0x0D: break
      case 0x00...0x1F, 0x7F: return true
      case 0xC2:
        if index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) { return true }
      case 0xE2:
        if index + 2 < bytes.count {
          let (second, third) = (bytes[index + 1], bytes[index + 2])
          if second == 0x80, (0xAA...0xAE).contains(third) { return true }
          if second == 0x81, (0xA6...0xA9).contains(third) { return true }
        }
      default: break
      }
    }
    return false
  }

  @Test(
    "the byte test finds a control wherever it falls in longer text, even in bytes that are not UTF-8",
    arguments: 0..<2_000)
  func byteTestOnLongerBytes(seed: Int) {
    var state = UInt64(seed) &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    let risky: [[UInt8]] = [
      [0x1B], [0x7F], [0x00], [0x1F], [0x20], [0x7E], [0x09], [0x0A], [0x0D], [0xC2, 0x85],
      [0xC2, 0x9F], [0xC2, 0xA0], [0xC2, 0xB7], [0xE2, 0x80, 0xAE], [0xE2, 0x80, 0xA9],
      [0xE2, 0x81, 0xA6], [0xE2, 0x81, 0xAA], [0xE2, 0x80], [0xC2], [0xE2], [0xFF], [0x80],
    ]
    var bytes: [UInt8] = []
    for _ in 0..<next(4) {
      bytes += (0..<next(20)).map { _ in UInt8(0x20 + next(0x5F)) }
      bytes += risky[next(risky.count)]
    }
    bytes += (0..<next(20)).map { _ in UInt8(0x20 + next(0x5F)) }
    #expect(ControlCharacters.mayContain(bytes) == Self.modelMayContain(bytes), "\(bytes)")
  }

  @Test("shows C0 as control pictures, DEL as ␡, and C1 and bidirectional controls by their code")
  func visible() {
    #expect(ControlCharacters.visible("a\u{1B}[2J\u{7}") == "a␛[2J␇")
    #expect(ControlCharacters.visible("\u{7F}\u{9B}\u{202E}x\ty") == "␡\\u{9B}\\u{202E}x\ty")
  }
}
