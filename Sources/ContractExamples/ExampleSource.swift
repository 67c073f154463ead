/// Where a body or header value came from.
public enum ExampleSource: Sendable, Hashable, CustomStringConvertible {
    /// The named example the caller asked for (`examples: {notFound: …}`).
    case namedExample(String)
    /// The media type's (or header's) `example`, or the first of its `examples`.
    case mediaTypeExample(String)
    /// The schema's `examples` (3.0 `example`).
    case schemaExample
    /// Generated from the schema.
    case generated

    /// A short phrase for messages and the CLI.
    public var description: String {
        switch self {
        case .namedExample(let name): "example \"\(name)\""
        case .mediaTypeExample(let name): "media type example \"\(name)\""
        case .schemaExample: "schema example"
        case .generated: "generated"
        }
    }
}
