import CardDeck

extension APIVocabulary {
  /// The names, one per line, under `# section` headings; see `APIVocabulary` for what each
  /// section means.
  static let listing = [typeNames, modifierNames, memberNames, ruleNames].joined(separator: "\n")
}
