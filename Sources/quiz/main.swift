print(ShippedDecks.files.map(\.name))
