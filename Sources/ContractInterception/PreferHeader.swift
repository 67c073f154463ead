import ContractVerify

/// Prism's `Prefer` request header: `Prefer: code=404, example=notFound` asks a mock for the documented
/// 404 and its example named `notFound`; `Prefer: dynamic=true` for a body generated from the schema even
/// where the contract has examples.
struct PreferHeader: Sendable, Hashable {
    var code: Int?
    var example: String?
    var dynamic = false

    /// The preferences of a request, or `nil` when it asks for neither.
    init?(_ headers: HTTPHeaders) {
        guard let text = headers["Prefer"] else { return nil }
        for item in text.split(whereSeparator: { $0 == "," || $0 == ";" }) {
            let pair = item.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            let name = pair[0].trimmingSpaces.lowercased()
            var value = pair[1].trimmingSpaces
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
                value = String(value.dropFirst().dropLast())
            }
            switch name {
            case "code": code = Int(value)
            case "example": example = value
            case "dynamic": dynamic = value.lowercased() == "true"
            default: continue
            }
        }
        if code == nil && example == nil && !dynamic { return nil }
    }
}

extension Substring {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
