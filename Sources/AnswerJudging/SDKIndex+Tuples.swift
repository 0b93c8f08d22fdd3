extension SDKIndex {
  /// The elements of a tuple type as the index writes it (`(partialValue:Int32,overflow:Bool)`,
  /// `(Data,URLResponse)`): each one's label, where it has one, and type (`_` for one the index
  /// does not name); nil for a type that is no tuple.
  public static func tupleElements(_ type: String) -> [(label: String?, type: String)]? {
    guard type.hasPrefix("("), type.hasSuffix(")") else { return nil }
    return type.dropFirst().dropLast().split(separator: ",").map { element in
      guard let colon = element.firstIndex(of: ":") else { return (nil, String(element)) }
      return (String(element[..<colon]), String(element[element.index(after: colon)...]))
    }
  }

  /// The element labels of a tuple type every element of which has one; nil otherwise.
  public static func tupleLabels(_ type: String) -> [String]? {
    guard let elements = tupleElements(type), elements.allSatisfy({ $0.label != nil }) else {
      return nil
    }
    return elements.map { $0.label! }
  }

  /// A tuple type as Swift writes it: `(partialValue: Int32, overflow: Bool)`; any other type
  /// as it is.
  public static func displayed(_ type: String) -> String {
    guard let elements = tupleElements(type) else { return type }
    let parts = elements.map { element in
      (element.label.map { $0 + ": " } ?? "") + (element.type == "_" ? "…" : element.type)
    }
    return "(" + parts.joined(separator: ", ") + ")"
  }
}
