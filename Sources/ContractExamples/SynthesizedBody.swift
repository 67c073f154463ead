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
