import ContractJSON

/// A body (or header value) the synthesizer chose, with where it came from.
public struct SynthesizedBody: Sendable, Hashable {
    /// The value.
    public var value: JSONValue
    /// The media type it is for (`application/json`); `nil` for header values.
    public var mediaType: String?
    /// Which source answered.
    public var source: ExampleSource
    /// Contract examples that were skipped because they break their schema (or, with
    /// `ExampleSources.contractAsIs`, returned although they do).
    public var diagnostics: [ExampleDiagnostic]

    /// Creates a body.
    public init(value: JSONValue, mediaType: String?, source: ExampleSource, diagnostics: [ExampleDiagnostic] = []) {
        self.value = value
        self.mediaType = mediaType
        self.source = source
        self.diagnostics = diagnostics
    }

    /// The value as pretty-printed JSON.
    public var json: String { JSONWriter.string(from: value, style: .pretty) }
}

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
