import ContractJSON

/// Undoes OpenAPI's parameter styles (`simple`, `label`, `matrix`, `form`, `spaceDelimited`,
/// `pipeDelimited`; `deepObject` lives with the query) for one value, still percent-encoded, into a
/// `DecodedValue`. Splitting happens before percent-decoding, so an encoded delimiter (`%2C`) stays part
/// of its item.
struct StyleDecoder: Sendable {
    /// The parameter's name (matrix values repeat it).
    let name: String
    let style: String
    let explode: Bool
    let shape: ValueShape
    /// Whether `+` means a space (query strings and form bodies) and `%XX` is decoded (all but headers).
    let plusIsSpace: Bool
    let percentDecodes: Bool

    /// Decodes a path, header or cookie value, or one non-exploded query value.
    func decode(_ raw: Substring) throws(DecodeFailure) -> DecodedValue {
        switch style {
        case "label":
            guard raw.first == "." else {
                throw DecodeFailure(expected: "a label-style value starting with '.'", actual: Excerpt.quoted(raw))
            }
            return try split(raw.dropFirst(), separator: explode ? "." : ",", pairsWithEquals: explode)
        case "matrix":
            return try decodeMatrix(raw)
        case "spaceDelimited":
            return try split(raw, separators: [" ", "%20", "+"], pairsWithEquals: false)
        case "pipeDelimited":
            return try split(raw, separators: ["|", "%7C", "%7c"], pairsWithEquals: false)
        default:
            // `simple` and `form` separate with commas; exploded objects write `key=value`.
            return try split(raw, separator: ",", pairsWithEquals: explode)
        }
    }

    /// Decodes the values of an exploded `form` array (`id=1&id=2`), each still encoded.
    func decodeRepeated(_ raws: [Substring]) throws(DecodeFailure) -> DecodedValue {
        var items: [DecodedValue] = []
        for raw in raws { items.append(.string(try text(raw))) }
        return .array(items)
    }

    /// Percent-decodes one piece.
    func text(_ raw: Substring) throws(DecodeFailure) -> String {
        guard percentDecodes else { return raw.trimmingSpaces }
        guard let decoded = URLDecoding.decode(raw, plusIsSpace: plusIsSpace) else {
            throw DecodeFailure(expected: "valid percent-encoded UTF-8", actual: Excerpt.quoted(raw))
        }
        return decoded
    }

    private func decodeMatrix(_ raw: Substring) throws(DecodeFailure) -> DecodedValue {
        guard raw.first == ";" else {
            throw DecodeFailure(expected: "a matrix-style value starting with ';'", actual: Excerpt.quoted(raw))
        }
        let entries = raw.dropFirst().splitting(at: UInt8(ascii: ";"))
        if shape.isObject && explode {
            return try objectFromPairs(entries, raw: raw)
        }
        var values: [Substring] = []
        for entry in entries {
            let pair = entry.splitting(at: UInt8(ascii: "="), maxSplits: 1)
            guard pair[0] == name[...] else {
                throw DecodeFailure(expected: "matrix parameter ;\(name)=…", actual: Excerpt.quoted(raw))
            }
            values.append(pair.count > 1 ? pair[1] : "")
        }
        if shape.isArray && explode { return try decodeRepeated(values) }
        guard values.count == 1, let only = values.first else {
            throw DecodeFailure(expected: "one matrix parameter ;\(name)=…", actual: Excerpt.quoted(raw))
        }
        return try split(only, separator: ",", pairsWithEquals: false)
    }

    private func split(_ raw: Substring, separator: Character, pairsWithEquals: Bool) throws(DecodeFailure)
        -> DecodedValue
    {
        try split(raw, separators: [String(separator)], pairsWithEquals: pairsWithEquals)
    }

    private func split(_ raw: Substring, separators: [String], pairsWithEquals: Bool) throws(DecodeFailure)
        -> DecodedValue
    {
        guard shape.isArray || shape.isObject else { return .string(try text(raw)) }
        if raw.isEmpty { return shape.isArray ? .array([]) : .object([]) }
        var pieces = [raw]
        for separator in separators {
            pieces = pieces.flatMap { Self.split($0, by: separator) }
        }
        if shape.isArray {
            var items: [DecodedValue] = []
            for piece in pieces { items.append(.string(try text(piece))) }
            return .array(items)
        }
        if pairsWithEquals { return try objectFromPairs(pieces, raw: raw) }
        guard pieces.count.isMultiple(of: 2) else {
            throw DecodeFailure(expected: "an object as key,value pairs", actual: Excerpt.quoted(raw))
        }
        var members: [DecodedValue.Member] = []
        for index in stride(from: 0, to: pieces.count, by: 2) {
            members.append(.init(key: try text(pieces[index]), value: .string(try text(pieces[index + 1]))))
        }
        return .object(members)
    }

    /// Splits at every occurrence of a separator of one or more characters, keeping empty pieces.
    private static func split(_ text: Substring, by separator: String) -> [Substring] {
        var pieces: [Substring] = []
        var start = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            if text[index...].hasPrefix(separator) {
                pieces.append(text[start..<index])
                index = text.index(index, offsetBy: separator.count)
                start = index
            } else {
                index = text.index(after: index)
            }
        }
        pieces.append(text[start...])
        return pieces
    }

    private func objectFromPairs(_ pieces: [Substring], raw: Substring) throws(DecodeFailure) -> DecodedValue {
        var members: [DecodedValue.Member] = []
        for piece in pieces {
            let pair = piece.splitting(at: UInt8(ascii: "="), maxSplits: 1)
            guard pair.count == 2 else {
                throw DecodeFailure(expected: "an object as key=value pairs", actual: Excerpt.quoted(raw))
            }
            members.append(.init(key: try text(pair[0]), value: .string(try text(pair[1]))))
        }
        return .object(members)
    }
}
