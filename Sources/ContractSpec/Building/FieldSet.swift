import ContractSchema

/// The field names an OpenAPI object allows, looked up by length and leading bytes (a
/// `KeywordTable`) instead of by hashing: the builders ask for every member of every object they
/// read, and a `Set<String>` seeded and hashed each key with SipHash (2% of loading a large contract).
///
/// Not `ExpressibleByArrayLiteral`, on purpose: a literal at a call site built its table on every call
/// (a percent of loading Kubernetes's contract before it was caught); sets are `static let`s.
struct FieldSet: Sendable {
    /// The names, sorted: for suggestions when a field is unknown, and for walks over the fields
    /// that must come out in the same order in every run (a `Set`'s order varies by process).
    let names: [String]
    private let table: KeywordTable

    /// A set of `names` (ASCII, as every OpenAPI field name is).
    init(_ names: some Sequence<String>) {
        self.names = names.sorted()
        self.table = KeywordTable(self.names)
    }

    /// Whether `name` is one of the fields.
    func contains(_ name: String) -> Bool {
        table[name] != nil
    }
}
