import ContractJSON
import ContractSpec

/// Reads an `application/x-www-form-urlencoded` body into the object its schema describes, each field
/// decoded by its `encoding` entry (`style`, `explode`; `form` with explode by default). A field written
/// with brackets (`items[0][price]=p`, `expand[]=a`, `metadata[order]=6735`) is nested by its schema
/// whatever its `encoding` says, as servers read such bodies; a name the schema declares with its
/// brackets stays a field of its own.
struct FormBodyDecoder {
    let shape: ValueShape
    let encoding: [String: Spec.Encoding]

    func decode(_ bytes: [UInt8]) throws(DecodeFailure) -> JSONValue {
        let items = QueryItems(String(decoding: bytes, as: UTF8.self))
        var order: [String] = []
        var values: [String: [Substring]] = [:]
        var bracketed: [String: [BracketNesting.Entry]] = [:]
        for item in items.items {
            if shape.properties[item.name] == nil, let (base, keys) = BracketNesting.split(item.name) {
                if values[base] == nil && bracketed[base] == nil { order.append(base) }
                let text = try Self.decoder(for: base, shape: shape.property(base), encoding: encoding[base]).text(
                    item.rawValue)
                bracketed[base, default: []].append(BracketNesting.Entry(keys: keys[...], value: text))
                continue
            }
            if values[item.name] == nil && bracketed[item.name] == nil { order.append(item.name) }
            values[item.name, default: []].append(item.rawValue)
        }
        var members: [JSONObject.Member] = []
        for name in order {
            let fieldShape = shape.property(name)
            let raws = values[name] ?? []
            let decoder = Self.decoder(for: name, shape: fieldShape, encoding: encoding[name])
            let decoded: DecodedValue?
            if let entries = bracketed[name] ?? (decoder.style == "deepObject" ? [] : nil) {
                decoded = try DeepObjectDecoder(name: name, decoder: decoder).decode(plain: raws, entries: entries)
            } else if fieldShape.isArray && decoder.explode {
                decoded = try decoder.decodeRepeated(raws)
            } else if raws.count == 1 {
                decoded = try decoder.decode(raws[0])
            } else {
                var items: [DecodedValue] = []
                for raw in raws { items.append(try decoder.decode(raw)) }
                decoded = .array(items)
            }
            guard let decoded else { continue }
            members.append(JSONObject.Member(key: name, value: decoded.coerced(by: fieldShape)))
        }
        return .object(JSONObject(members: members))
    }

    /// The decoder of one field, by its `encoding` entry.
    private static func decoder(for name: String, shape: ValueShape, encoding: Spec.Encoding?) -> StyleDecoder {
        let style = encoding?.style ?? "form"
        return StyleDecoder(
            name: name, style: style, explode: encoding?.explode ?? (style == "form"), shape: shape,
            plusIsSpace: true, percentDecodes: true)
    }
}
