/// Reads a `deepObject` value: `filter[from]=2025-03-01&filter[vet][id]=7` becomes
/// `{"from": "2025-03-01", "vet": {"id": "7"}}`, `expand[]=a&expand[]=b` an array (see `BracketNesting`).
/// A plain `name=value` item is the value itself where the schema also takes a scalar (`metadata=` for
/// `anyOf: [object, enum: [""]]`, `created=1700000000` beside an object of ranges).
struct DeepObjectDecoder {
    let name: String
    let decoder: StyleDecoder

    /// The value from a query, or `nil` when no item belongs to the parameter.
    func decode(_ query: QueryItems) throws(DecodeFailure) -> DecodedValue? {
        var plain: [Substring] = []
        var entries: [BracketNesting.Entry] = []
        let prefix = name + "["
        for item in query.items {
            if item.name == name {
                plain.append(item.rawValue)
                continue
            }
            guard item.name.hasPrefix(prefix) else { continue }
            guard let keys = BracketNesting.keys(item.name.dropFirst(name.count)) else {
                throw DecodeFailure(
                    expected: "deepObject items written \(name)[property]=value", actual: Excerpt.quoted(item.name))
            }
            entries.append(BracketNesting.Entry(keys: keys[...], value: try decoder.text(item.rawValue)))
        }
        return try decode(plain: plain, entries: entries)
    }

    /// The value from the plain items sent under the name (still encoded) and the bracketed ones below it;
    /// `nil` when there are neither.
    func decode(plain: [Substring], entries: [BracketNesting.Entry]) throws(DecodeFailure) -> DecodedValue? {
        if plain.isEmpty {
            return entries.isEmpty ? nil : try BracketNesting.nest(entries, shape: decoder.shape, name: name)
        }
        guard entries.isEmpty, decoder.shape.admitsScalar, let first = plain.first else {
            throw DecodeFailure(
                expected: "deepObject items written \(name)[property]=value",
                actual: Excerpt.quoted("\(name)=\(plain.first ?? "")"))
        }
        // Sent twice: the schema reports the array it became.
        return plain.count == 1 ? .string(try decoder.text(first)) : try decoder.decodeRepeated(plain)
    }
}
