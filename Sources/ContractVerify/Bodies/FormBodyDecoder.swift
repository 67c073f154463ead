import ContractJSON
import ContractSpec

/// Reads an `application/x-www-form-urlencoded` body into the object its schema describes, each field
/// decoded by its `encoding` entry (`style`, `explode`; `form` with explode by default).
struct FormBodyDecoder {
    let shape: ValueShape
    let encoding: [String: Spec.Encoding]

    func decode(_ bytes: [UInt8]) throws(DecodeFailure) -> JSONValue {
        let items = QueryItems(String(decoding: bytes, as: UTF8.self))
        var order: [String] = []
        var values: [String: [Substring]] = [:]
        for item in items.items {
            if values[item.name] == nil { order.append(item.name) }
            values[item.name, default: []].append(item.rawValue)
        }
        var members: [JSONObject.Member] = []
        for name in order {
            let raws = values[name] ?? []
            let fieldShape = shape.property(name)
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
