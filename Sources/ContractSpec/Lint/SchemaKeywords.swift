import ContractJSON
import ContractSchema

/// Where the keywords `SchemaChecks` reads stand among a schema object's members, found in one pass.
///
/// The walk looked each of about fifteen keywords up in every schema object, each lookup a scan of
/// the members; one pass that sorts the members by key does the same work once. The same pass finds
/// the subschema keywords the walk descends into (a second pass with a second table was a tenth of
/// the walk). As with lookups by key, the last of a repeated key wins.
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

    /// Keywords holding one subschema, a list of them, or a map of names to them: the walk's ranks are
    /// the positions in these three lists, one after another (`items` is in two).
    static let singleSubschemas = [
        "additionalItems", "additionalProperties", "not", "contains", "propertyNames", "if", "then", "else",
        "unevaluatedItems", "unevaluatedProperties", "contentSchema", "items",
    ]
    static let listSubschemas = ["allOf", "anyOf", "oneOf", "prefixItems", "items"]
    static let mapSubschemas = [
        "properties", "patternProperties", "dependentSchemas", "$defs", "definitions", "dependencies",
    ]
    /// The subschema keywords in rank order.
    private static let subschemas = singleSubschemas + listSubschemas + mapSubschemas
    static let rankCount = subschemas.count

    /// Keywords that make `required` names possibly defined elsewhere (with `$ref`).
    private static let composing = ["allOf", "anyOf", "oneOf", "patternProperties", "if", "dependentSchemas"]

    /// What one distinct name means to the walk; plain values, so that reading one retains nothing.
    private struct Role {
        /// The `Keyword` raw value, -1 for none.
        var keyword: Int8 = -1
        var composes = false
        /// Bit `rank` set for each subschema rank of the name.
        var ranks: UInt32 = 0
    }

    /// Every name the walk cares about, each with its whole role wherever it stands (`table` answers a repeated
    /// name with its last place).
    private static let names = Keyword.allCases.map(\.name) + composing + subschemas
    private static let roles: [Role] = names.map { name in
        // `ranks` and `subschemaOffsets` hold 32.
        precondition(subschemas.count <= 32, "more subschema keywords than ranks")
        var role = Role()
        if let keyword = Keyword.allCases.first(where: { $0.name == name }) { role.keyword = Int8(keyword.rawValue) }
        role.composes = composing.contains(name)
        for (rank, subschema) in subschemas.enumerated() where subschema == name {
            role.ranks |= 1 << UInt32(rank)
        }
        return role
    }
    private static let table = KeywordTable(names)

    private let members: [JSONObject.Member]
    /// Each keyword's offset in `members` by raw value, -1 when absent: a vector rather than an
    /// array, so that finding the keywords allocates, copies and retains nothing.
    private var offsets = SIMD16<Int32>(repeating: -1)
    /// Each subschema rank's member offset, -1 when absent.
    private var subschemaOffsets = SIMD32<Int32>(repeating: -1)
    /// Whether any subschema keyword is there.
    private var hasSubschemas = false
    /// Whether `allOf`, `anyOf`, `oneOf`, `$ref`, `patternProperties`, `if` or `dependentSchemas` is there.
    private(set) var composes = false

    init(_ object: JSONObject) {
        members = object.members
        for offset in members.indices {
            guard let index = Self.table[members[offset].key] else { continue }
            let role = Self.roles[index]
            let position = Int32(truncatingIfNeeded: offset)
            if role.keyword >= 0 { offsets[Int(role.keyword)] = position }
            if role.composes { composes = true }
            var ranks = role.ranks
            while ranks != 0 {
                subschemaOffsets[ranks.trailingZeroBitCount] = position
                ranks &= ranks - 1
            }
            if role.ranks != 0 { hasSubschemas = true }
        }
        if offsets[Keyword.ref.rawValue] >= 0 { composes = true }
    }

    /// The last member named `keyword`, if any.
    subscript(keyword: Keyword) -> JSONObject.Member? {
        let offset = offsets[keyword.rawValue]
        return offset >= 0 ? members[Int(offset)] : nil
    }

    /// Calls `body` with the rank and member offset of each subschema keyword, in rank order.
    func forEachSubschema(_ body: (_ rank: Int, _ offset: Int) -> Void) {
        guard hasSubschemas else { return }
        for rank in 0..<Self.rankCount where subschemaOffsets[rank] >= 0 { body(rank, Int(subschemaOffsets[rank])) }
    }
}
