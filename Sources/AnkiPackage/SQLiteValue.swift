/// A value bound to a statement's parameter.
enum SQLiteValue {
  case int(Int64)
  case text(String)
}
