import ContractJSON
import ContractSchema

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
        public var value: JSONValue {
            get {
                switch normalised {
                case .value(let value): value
                case .translating(let schema, let dialect):
                    OASSchemaTranslation.translate(schema.written.value, from: dialect).schema
                }
            }
            set {
                normalised = .value(newValue)
                written = .unknown
            }
        }
        /// The schema's location, for messages.
        public var location: SourceLocation { didSet { written = .unknown } }
        /// `value`, or for a 3.0 or 2.0 schema read from its file, what it is made from when asked for.
        /// Most never are: the compiler starts from the written schema, and translating each schema the
        /// builders met was 4% of loading Box.
        private var normalised: Normalised

        private enum Normalised: Sendable {
            case value(JSONValue)
            /// The written schema, translated from the dialect on each read (the translation depends on
            /// nothing else, so changing the schema's place or location leaves it right).
            case translating(WrittenSchema, OASSchemaTranslation.SourceVersion)
        }
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
            /// The schema as written (3.0 and 2.0), from which `value` is translated when read.
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
            self.normalised = .value(value)
            self.location = location
            self.isSynthesized = isSynthesized
        }

        /// A schema read at `pointer` of its file, as written there at `position`; its `value` is the
        /// written one translated from `dialect` (3.0, 2.0) when first read, else the written one itself.
        package init(
            baseURI: String, pointer: JSONPointer, written: JSONValue, at position: SourcePosition,
            translatedFrom dialect: OASSchemaTranslation.SourceVersion?, location: SourceLocation
        ) {
            self.baseURI = baseURI
            self.pointer = pointer
            self.location = location
            self.isSynthesized = false
            if let dialect {
                let schema = WrittenSchema((written, position))
                self.normalised = .translating(schema, dialect)
                self.written = .kept(schema)
            } else {
                self.normalised = .value(written)
                self.written = .asValue
            }
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
