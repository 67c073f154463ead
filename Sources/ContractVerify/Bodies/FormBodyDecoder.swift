import ContractJSON
import ContractSpec

/// Reads an `application/x-www-form-urlencoded` body into the object its schema describes, each field
/// decoded by its `encoding` entry (`style`, `explode`; `form` with explode by default).
struct FormBodyDecoder {
    let shape: ValueShape
    let encoding: [String: Spec.Encoding]

    func decode(_ bytes: [UInt8]) throws(DecodeFailure) -> JSONValue {
        let items = QueryItems(String(decoding: bytes, as: UTF8.self))
        // `deepObject` fields travel as `name[key]=value` items: read them first, by their prefix.
        var deep: [String: DecodedValue] = [:]
        var deepPrefixes: [String] = []
        for (name, entry) in encoding where entry.style == "deepObject" {
            let decoder = StyleDecoder(
                name: name, style: "deepObject", explode: true, shape: shape.property(name), plusIsSpace: true,
                percentDecodes: true)
            deep[name] = try DeepObjectDecoder(name: name, decoder: decoder).decode(items)
            deepPrefixes.append(name + "[")
        }
        var order: [String] = []
        var values: [String: [Substring]] = [:]
        for item in items.items {
            if let prefix = deepPrefixes.first(where: { item.name.hasPrefix($0) }) {
                let name = String(prefix.dropLast())
                if !order.contains(name) { order.append(name) }
                continue
            }
            if values[item.name] == nil { order.append(item.name) }
            values[item.name, default: []].append(item.rawValue)
        }
        var members: [JSONObject.Member] = []
        for name in order {
            let fieldShape = shape.property(name)
            if let object = deep[name] {
                members.append(JSONObject.Member(key: name, value: object.coerced(by: fieldShape)))
                continue
            }
            let raws = values[name] ?? []
            let style = encoding[name]?.style ?? "form"
            let explode = encoding[name]?.explode ?? (style == "form")
            let decoder = StyleDecoder(
                name: name, style: style, explode: explode, shape: fieldShape, plusIsSpace: true, percentDecodes: true)
            let decoded: DecodedValue
            if fieldShape.isArray && explode {
                decoded = try decoder.decodeRepeated(raws)
            } else if raws.count == 1 {
                decoded = try decoder.decode(raws[0])
            } else {
                var items: [DecodedValue] = []
                for raw in raws { items.append(try decoder.decode(raw)) }
                decoded = .array(items)
            }
            members.append(JSONObject.Member(key: name, value: decoded.coerced(by: fieldShape)))
        }
        return .object(JSONObject(members: members))
    }
}
