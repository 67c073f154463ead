import ContractJSON
import ContractSchema

/// Where the keywords `SchemaChecks` reads stand among a schema object's members, found in one pass.
///
/// The walk looked each of about fifteen keywords up in every schema object, each lookup a scan of
/// the members; one pass that sorts the members by key does the same work once. As with lookups by
/// key, the last of a repeated key wins.
struct SchemaKeywords {
    /// The keywords the walk reads one by one.
    enum Keyword: Int, CaseIterable {
        case id, ref, defaultValue, example, examples, format, nullable, type, enumValues, required, properties

        var name: String {
            switch self {
            case .id: "$id"
            case .ref: "$ref"
            case .defaultValue: "default"
            case .example: "example"
            case .examples: "examples"
            case .format: "format"
            case .nullable: "nullable"
            case .type: "type"
            case .enumValues: "enum"
            case .required: "required"
            case .properties: "properties"
            }
        }
    }

    /// Keywords that make `required` names possibly defined elsewhere (with `$ref`).
    private static let composing = ["allOf", "anyOf", "oneOf", "patternProperties", "if", "dependentSchemas"]
    /// `Keyword`s by raw value, then `composing`.
    private static let keywords = KeywordTable(Keyword.allCases.map(\.name) + composing)
    private static let keywordCount = Keyword.allCases.count

    private let members: [JSONObject.Member]
    /// Each keyword's offset in `members` by raw value, -1 when absent: a vector rather than an
    /// array, so that finding the keywords allocates, copies and retains nothing.
    private var offsets = SIMD16<Int32>(repeating: -1)
    /// Whether `allOf`, `anyOf`, `oneOf`, `$ref`, `patternProperties`, `if` or `dependentSchemas` is there.
    private(set) var composes = false

    init(_ object: JSONObject) {
        members = object.members
        for offset in members.indices {
            guard let index = Self.keywords[members[offset].key] else { continue }
            if index < Self.keywordCount {
                offsets[index] = Int32(truncatingIfNeeded: offset)
            } else {
                composes = true
            }
        }
        if offsets[Keyword.ref.rawValue] >= 0 { composes = true }
    }

    /// The last member named `keyword`, if any.
    subscript(keyword: Keyword) -> JSONObject.Member? {
        let offset = offsets[keyword.rawValue]
        return offset >= 0 ? members[Int(offset)] : nil
    }
}
