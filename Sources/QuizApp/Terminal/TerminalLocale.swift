import Glibc

/// The characters a session's prompts may use, settled once at start by ``TerminalLocale``.
public enum TerminalCharset: Equatable, Sendable {
  /// The locale's codeset is UTF-8: prompts as written (`›`, `–`).
  case utf8
  /// No UTF-8 locale on this system: ASCII prompts (`>`, `-`).
  case ascii
}

/// Sets the process's locale from the environment, so that readline counts what it shows as the
/// terminal does.
///
/// readline measures the prompt and moves over typed letters by `LC_CTYPE`. Under `LANG` unset
/// (`env -i`, many containers and ssh sessions) that is "C": `›` counts as three columns and `é`
/// as two letters, and after Ctrl-A or a Backspace the screen no longer shows the line. So where
/// the codeset is not UTF-8, a UTF-8 `LC_CTYPE` the system has is taken instead; where there is
/// none, `LC_CTYPE` is "C", the prompts are ASCII, and readline shows other bytes as `\303`, so
/// that what it counts is what the screen shows.
///
/// readline sets `LC_CTYPE` again at every line from `LC_ALL`, `LC_CTYPE` or `LANG`, so the one
/// chosen is put in the environment too (where the editor `:edit` opens, reading UTF-8 decks,
/// wants it as well).
public enum TerminalLocale {
  /// UTF-8 locales that a system without a UTF-8 `LANG` may still have.
  static let utf8Locales = ["C.UTF-8", "C.utf8", "en_US.UTF-8", "en_US.utf8"]

  /// Sets the locale as described above; returns the characters prompts may use.
  public static func setUp() -> TerminalCharset {
    // Only the character type: numbers, dates and messages stay as the C library prints them.
    setlocale(LC_CTYPE, "")
    if codesetIsUTF8 { return .utf8 }
    if let name = utf8Locales.first(where: { setlocale(LC_CTYPE, $0) != nil && codesetIsUTF8 }) {
      keepForReadline(name)
      return .utf8
    }
    setlocale(LC_CTYPE, "C")
    keepForReadline("C")
    return .ascii
  }

  /// Whether the current `LC_CTYPE` encodes text as UTF-8.
  static var codesetIsUTF8: Bool {
    let codeset = String(cString: nl_langinfo(nl_item(CODESET))).lowercased()
    return codeset == "utf-8" || codeset == "utf8"
  }

  /// Names `locale` where readline looks first: `LC_ALL` if set, else `LC_CTYPE`.
  private static func keepForReadline(_ locale: String) {
    let variable = getenv("LC_ALL").map { $0.pointee != 0 } == true ? "LC_ALL" : "LC_CTYPE"
    setenv(variable, locale, 1)
  }
}
