import ContractJSON

/// Where a compiled keyword came from, kept for its errors.
struct KeywordSite: Sendable {
    /// The keyword's name as reported (`type`, `required`).
    var keyword: String
    /// The keyword's file:line:column.
    var source: SourceLocation?
    /// The keyword's location, or its schema's when `appendsKeyword`.
    private var stored: SchemaLocation
    private var appendsKeyword: Bool

    /// The keyword's absolute location.
    ///
    /// Spelled out when an error asks for it: a pointer per compiled keyword, kept as long as the
    /// schema, was a thirtieth of the memory of loading a contract, and only failures read it.
    var location: SchemaLocation {
        appendsKeyword ? stored.appending(keyword) : stored
    }

    /// A site at `location`.
    init(keyword: String, location: SchemaLocation, source: SourceLocation?) {
        self.keyword = keyword
        self.source = source
        self.stored = location
        self.appendsKeyword = false
    }

    /// The site of `keyword` in the schema object at `schema`.
    init(keyword: String, below schema: SchemaLocation, source: SourceLocation?) {
        self.keyword = keyword
        self.source = source
        self.stored = schema
        self.appendsKeyword = true
    }
}

/// One compiled keyword (or a family of keywords that are checked together).
///
/// Checks are classes, not protocol existentials in value types: an existential call projects and
/// copies its box, and retains what it holds, on every call of the validator's innermost loop. Checks
/// are shared across threads only through the `SchemaNode` that holds them.
class KeywordCheck {
    /// Whether the instance passes, building nothing.
    func isValid(_ instance: JSONValue, _ state: inout ValidationState) -> Bool { true }

    /// Appends the instance's failures to `errors`.
    func collect(_ instance: JSONValue, _ state: inout ValidationState, _ errors: inout [SchemaValidationError]) {}

    /// Adds the properties and items this keyword evaluated, for `unevaluated*` beside it.
    func annotate(_ instance: JSONValue, _ state: inout ValidationState, _ evaluated: inout Evaluated) {}

    /// How `StreamingValidator` applies the check to an object or array it reads without building it.
    var streamingRole: StreamingRole { .needsValue }

    /// The subschemas the check applies to the same value as its own schema (`allOf`, `$ref`, `if`…), for
    /// `InPlaceGraph`; none for a check that applies subschemas to members or items, or none at all.
    var inPlaceSubschemas: [SchemaNode] { [] }

    /// Whether the schema takes `readOnly` and `writeOnly` from `inPlaceSubschemas` (`$ref` and `allOf`).
    var passesAccessFlags: Bool { false }

    /// Whether `isValid(string:)` decides string instances, so that `StreamingValidator` may check a
    /// string read in place without building a `JSONValue` for it.
    var decidesStrings: Bool { false }

    /// `isValid` for a string instance given as its bytes; called only when `decidesStrings`.
    func isValid(string: inout StringInstance) -> Bool { true }

    /// Whether `isValid(number:)` decides number instances, as `decidesStrings` for strings.
    var decidesNumbers: Bool { false }

    /// `isValid` for a number instance given as its literal's bytes; called only when `decidesNumbers`.
    func isValid(number: inout NumberInstance) -> Bool { true }
}

/// What a check needs of an object or array to be decided while the instance is read as a stream, with
/// the check itself where the streaming validator applies it.
enum StreamingRole {
    /// The whole value, built: the check is decided on the tree (`enum`, `oneOf`, `unevaluated*`...).
    case needsValue
    /// Nothing: it only constrains strings or numbers.
    case scalarOnly
    /// A schema per member, found by key.
    case properties(PropertiesCheck)
    /// The object's keys.
    case required(RequiredCheck)
    /// The number of members or elements.
    case count(CountCheck)
    /// A schema per element, found by index.
    case items(ItemsCheck)
    /// Its subschemas, applied in place.
    case allOf(AllOfCheck)
    /// Its target, applied in place.
    case reference(RefCheck)
    /// Each branch tried on the value, read again from its start.
    case choice(ChoiceCheck)
}

/// A keyword whose failure is one error at the instance itself.
class LeafKeywordCheck: KeywordCheck {
    let site: KeywordSite

    init(site: KeywordSite) {
        self.site = site
    }

    /// Expected and actual, in words, for an instance that failed.
    func describeFailure(_ instance: JSONValue) -> (expected: String, actual: String) {
        ("a valid value", ValueDescription.describe(instance))
    }

    override func collect(
        _ instance: JSONValue, _ state: inout ValidationState, _ errors: inout [SchemaValidationError]
    ) {
        guard !isValid(instance, &state) else { return }
        let failure = describeFailure(instance)
        errors.append(state.error(site, expected: failure.expected, actual: failure.actual))
    }
}
