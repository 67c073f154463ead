import ContractJSON

/// A response header value.
public struct SynthesizedHeader: Sendable, Hashable {
    /// The header name as declared.
    public var name: String
    /// The value and its source.
    public var body: SynthesizedBody
    /// The value serialised as the `simple` style writes it (`1,2,3`; objects as `key,value` pairs).
    public var text: String {
        Self.simpleStyle(body.value)
    }

    /// Creates a header value.
    public init(name: String, body: SynthesizedBody) {
        self.name = name
        self.body = body
    }

    static func simpleStyle(_ value: JSONValue) -> String {
        switch value {
        case .null: ""
        case .bool(let flag): flag ? "true" : "false"
        case .number(let number): number.jsonText
        case .string(let text): text
        case .array(let elements): elements.map(simpleStyle).joined(separator: ",")
        case .object(let object): object.members.map { $0.key + "," + simpleStyle($0.value) }.joined(separator: ",")
        }
    }
}
