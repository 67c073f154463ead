import ContractJSON

/// The contract model: one shape for Swagger 2.0 and OpenAPI 3.0, 3.1 and 3.2 documents.
///
/// Types live in this namespace so `Spec.Operation` never clashes with Foundation's `Operation`.
public enum Spec {}

extension Spec {
    /// Which specification a document was written against.
    public enum Version: Hashable, Sendable, CustomStringConvertible {
        /// Swagger 2.0.
        case swagger2
        /// OpenAPI 3.0.x; the full version string.
        case openAPI30(String)
        /// OpenAPI 3.1.x.
        case openAPI31(String)
        /// OpenAPI 3.2.x.
        case openAPI32(String)

        /// The version as written.
        public var description: String {
            switch self {
            case .swagger2: "2.0"
            case .openAPI30(let text), .openAPI31(let text), .openAPI32(let text): text
            }
        }

        /// Whether schemas are written in the OpenAPI 3.0 / draft-4 dialect (2.0 and 3.0) rather than 2020-12.
        public var usesDraft4Schemas: Bool {
            switch self {
            case .swagger2, .openAPI30: true
            case .openAPI31, .openAPI32: false
            }
        }
    }

    /// A schema in the contract: where it is, and its (normalised) value.
    public struct Schema: Sendable {
        /// The URI of the file the schema's `$ref`s resolve against.
        public var baseURI: String { didSet { written = .unknown } }
        /// Where the schema stands in that file; for schemas built from 2.0 parameters, the parameter.
        public var pointer: JSONPointer { didSet { written = .unknown } }
        /// The schema, normalised to the 2020-12 dialect.
        public var value: JSONValue { didSet { written = .unknown } }
        /// The schema's location, for messages.
        public var location: SourceLocation { didSet { written = .unknown } }
        /// Whether the schema was built by the loader (from Swagger 2.0 parameters) rather than written
        /// at `pointer`; such a schema is compiled from `value`.
        public var isSynthesized: Bool
        /// The schema as its file has it at `pointer`, when the loader read it there (and nothing was
        /// changed since): the compiler starts from it instead of walking the file from its root to find
        /// it again, for each of the thousands of schemas of a large contract (2% of loading one).
        package var written = Written.unknown

        /// Where the compiler finds the schema as written, and where it is written. Eight bytes: a
        /// loaded contract holds thousands of schemas, and keeping a value and a position in each took
        /// the synthetic YAML contract's load from 9.95 to 10.1 times its file size in memory.
        package enum Written: Sendable {
            /// Found in the file from its root.
            case unknown
            /// `value` is the schema as written (3.1 and 3.2 do not normalise it), at `location`.
            case asValue
            /// The schema as written, kept beside a normalised `value` (3.0 and 2.0).
            case kept(WrittenSchema)
        }

        /// A schema as its file has it, and where it is written.
        package final class WrittenSchema: Sendable {
            let written: PositionedJSONValue

            package init(_ written: PositionedJSONValue) {
                self.written = written
            }
        }

        /// `written` as the schema catalog takes it.
        package var writtenValue: PositionedJSONValue? {
            switch written {
            case .unknown: nil
            case .asValue: (value, location.position)
            case .kept(let schema): schema.written
            }
        }

        /// Creates a schema reference.
        public init(
            baseURI: String, pointer: JSONPointer, value: JSONValue, location: SourceLocation,
            isSynthesized: Bool = false
        ) {
            self.baseURI = baseURI
            self.pointer = pointer
            self.value = value
            self.location = location
            self.isSynthesized = isSynthesized
        }

        /// `baseURI#pointer`, the address the schema registry knows it by.
        public var uri: String { baseURI + pointer.fragment }
    }

    /// A named example (`examples: {notFound: {value: …}}`) or the single `example`.
    public struct Example: Sendable {
        /// The name (`"example"` for a lone `example`).
        public var name: String
        /// A short summary.
        public var summary: String?
        /// The value, unless only an `externalValue` is given.
        public var value: JSONValue?
        /// Where the example is written.
        public var location: SourceLocation
        /// The pointer of the value inside its file.
        public var pointer: JSONPointer
    }
}
