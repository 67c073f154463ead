import ContractJSON

/// A compiled schema object: its keyword checks in evaluation order.
///
/// Nodes are classes so that `$ref` cycles can point at a node before its checks are filled in.
/// They are mutated only by `SchemaCompiler` while it builds them and never after the compiled
/// schema is handed out, which is why sharing them across threads is safe (`@unchecked Sendable`).
final class SchemaNode: @unchecked Sendable {
    /// Where the schema object is.
    let location: SchemaLocation
    /// The schema resource (document or `$id` subschema) the node belongs to, for the dynamic scope.
    let resourceID: Int
    /// The checks besides `type`, `unevaluated*` last, which the node owns: each is retained once when
    /// installed and released when the node goes, and validation reads them through `Unmanaged` at no cost.
    ///
    /// Walking an array of checks retained and released the array and each check on every visit (a
    /// quarter of the benchmark's time). The node used to keep that array besides, to own the checks: an
    /// allocation per compiled schema that only held references `checks` has.
    private var checks = UnsafeMutableBufferPointer<Unmanaged<KeywordCheck>>(start: nil, count: 0)
    /// `type`, when the schema has one: the mask is `typeMask`, tested in place; the rest says where and
    /// what to report on failure.
    private var type: TypeKeyword?
    /// `type`'s mask, or every type without one: a byte of its own, so that the test on every validation
    /// reads neither the optional nor the rest of `type`.
    private var typeMask = anyType
    private static let anyType: UInt8 = 0xFF
    /// `typeMask` when it is the node's only check (a third of the nodes the benchmark visits,
    /// `{"type": "string"}` and the like), for callers to test in place of calling `isValid`.
    private(set) var leafMask: UInt8?
    /// Whether every check besides `type` decides strings from their bytes (`KeywordCheck.decidesStrings`),
    /// so that a string instance can be validated where it stands in a document.
    private(set) var decidesStrings = false
    /// The same for numbers (`KeywordCheck.decidesNumbers`).
    private(set) var decidesNumbers = false
    /// The node's `properties` check when its checks besides `type` are that check, without
    /// `patternProperties`, and at most a `required` list paired with it (the commonest object schema):
    /// the streaming validator reads such an object member by member without filing its checks.
    private(set) var plainProperties: Unmanaged<PropertiesCheck>?
    /// The schema of every element when the node accepts arrays and its checks besides `type` are an
    /// `items` check without prefix items, `minItems`/`maxItems`, and checks that constrain only strings
    /// or numbers (the commonest array schema): the streaming validator reads such an array element by
    /// element without filing its checks. The node owns the `items` check, which keeps the target alive.
    private(set) var plainItems: Unmanaged<SchemaNode>?
    /// The element counts a plain array schema allows (`minItems` and `maxItems` folded together), kept
    /// here so that checking them reads no check objects.
    private var plainItemCounts = 0...Int.max
    /// The `discriminator`s of the node's `oneOf`/`anyOf` (also held by their checks), for
    /// `CompiledSchema.discriminatorValues(of:)`. Set by the compiler after `install`.
    var discriminators: [Discriminator] = []
    /// Whether `null` passes whatever the checks say: an OpenAPI 3.0 schema object with `nullable: true`
    /// read leniently (`NullableReading.lenient`). Set by the compiler before `install`.
    var acceptsNull = false
    /// `readOnly: true` here or in a `$ref` or `allOf` target (folded in by `InPlaceGraph`).
    var isReadOnly = false
    /// `writeOnly: true` here or in a `$ref` or `allOf` target (folded in by `InPlaceGraph`).
    var isWriteOnly = false
    /// How many schema objects validating one value here visits at most, counting this one, up to one
    /// past `InPlaceGraph.limit`: 0 until `InPlaceGraph` has finished the node (-1 while it walks
    /// through it). Set once, while the node is new to its compiler and not yet shared; a node of an
    /// earlier root is only read. (A set of visited identities, shared by every root of a catalog, was
    /// rehashed as it grew: a percent or two of loading a contract.)
    var inPlaceCost = 0

    init(location: SchemaLocation, resourceID: Int) {
        self.location = location
        self.resourceID = resourceID
    }

    /// A schema's `type` keyword: what its node reports when the instance's type is not allowed.
    struct TypeKeyword {
        /// The allowed types (`TypeMask` bits).
        let mask: UInt8
        /// The value as written, for the message.
        let written: JSONValue
        /// Where the keyword is written.
        let source: SourceLocation?
        /// How many of the node's checks come before it, for errors in the order keywords are evaluated.
        let index: Int
    }

    deinit {
        // Not released here: a check may hold the last reference to another node (`DeferredRelease`).
        DeferredRelease.release(checks)
    }

    /// Takes `checks` (in evaluation order, `unevaluated*` last) and `type` as the node's. Called once, by
    /// the compiler, before the node is shared.
    func install(_ checks: [KeywordCheck], type: TypeKeyword? = nil) {
        for check in self.checks { check.release() }
        self.checks.deallocate()
        self.type = type
        typeMask = type?.mask ?? Self.anyType
        // A schema without checks (`{}`, a description alone, `type` alone) needs no storage.
        self.checks =
            checks.isEmpty ? UnsafeMutableBufferPointer(start: nil, count: 0) : .allocate(capacity: checks.count)
        for (index, check) in checks.enumerated() {
            self.checks.initializeElement(at: index, to: .passRetained(check))
        }
        leafMask = checks.isEmpty ? typeMask | (acceptsNull ? TypeMask.null : 0) : nil
        // A `required` list beside `properties` is decided from that check's lookups (see `RequiredCheck.pair`);
        // the node keeps both checks alive, so the pairing's unretained reference stays valid.
        let properties = checks.lazy.compactMap({ $0 as? PropertiesCheck }).first
        if let properties {
            for case let required as RequiredCheck in checks { required.pair(with: properties) }
        }
        decidesStrings = checks.allSatisfy(\.decidesStrings)
        decidesNumbers = checks.allSatisfy(\.decidesNumbers)
        plainProperties = properties.flatMap { Self.plainProperties($0, among: self.checks) }
        if typeMask & TypeMask.array != 0, let (items, counts) = Self.plainItems(among: self.checks) {
            plainItems = items
            plainItemCounts = counts
        }
    }

    /// The `items` target and the allowed element counts that make a plain array schema of `checks` (see
    /// `plainItems`), if they make one.
    private static func plainItems(among checks: UnsafeMutableBufferPointer<Unmanaged<KeywordCheck>>)
        -> (Unmanaged<SchemaNode>, ClosedRange<Int>)?
    {
        var target: Unmanaged<SchemaNode>?
        var minimum = 0
        var maximum = Int.max
        for check in checks {
            let plain = check._withUnsafeGuaranteedRef { check -> Bool in
                switch check.streamingRole {
                case .scalarOnly:
                    return true
                case .count:
                    let count = unsafeDowncast(check, to: CountCheck.self)
                    guard !count.countsProperties else { return false }
                    if count.isMinimum {
                        minimum = max(minimum, count.limit)
                    } else {
                        maximum = min(maximum, count.limit)
                    }
                    return true
                case .items:
                    let items = unsafeDowncast(check, to: ItemsCheck.self)
                    guard target == nil, items.prefixRefs.isEmpty, let rest = items.restRef else { return false }
                    target = rest
                    return true
                default:
                    return false
                }
            }
            // No count satisfies `minItems` above `maxItems`: the general walk reports that array.
            guard plain, minimum <= maximum else { return nil }
        }
        return target.map { ($0, minimum...maximum) }
    }

    /// Whether an array of `count` elements satisfies the node's `minItems` and `maxItems`; for a node
    /// with `plainItems`, whose other checks do not apply to arrays.
    func itemCountHolds(_ count: Int) -> Bool {
        plainItemCounts.contains(count)
    }

    /// `properties` when it and at most a `required` list paired with it are all of `checks` (the checks
    /// besides `type`), which makes a plain object schema (see `plainProperties`). Told apart by their
    /// streaming roles, not cast again: this runs for every schema object a contract compiles.
    private static func plainProperties(
        _ properties: PropertiesCheck, among checks: UnsafeMutableBufferPointer<Unmanaged<KeywordCheck>>
    ) -> Unmanaged<PropertiesCheck>? {
        guard checks.count == 1 || checks.count == 2, properties.patterns.isEmpty else { return nil }
        let reference = Unmanaged.passUnretained(properties)
        for check in checks where check.toOpaque() != reference.toOpaque() {
            // `.required` is `RequiredCheck`'s role alone.
            guard check._withUnsafeGuaranteedRef({ $0.streamingRole == .required }),
                unsafeDowncast(check.takeUnretainedValue(), to: RequiredCheck.self).isPaired(with: reference)
            else { return nil }
        }
        return reference
    }

    func isValid(_ instance: JSONValue, _ state: inout ValidationState) -> Bool {
        guard state.depth < state.maximumDepth else { return false }
        if acceptsNull, case .null = instance { return true }
        return framed(&state) { state in
            if typeMask != Self.anyType, !TypeMask.accepts(typeMask, instance) { return false }
            for check in checks where !check._withUnsafeGuaranteedRef({ $0.isValid(instance, &state) }) {
                return false
            }
            return true
        }
    }

    func collect(_ instance: JSONValue, _ state: inout ValidationState, _ errors: inout [SchemaValidationError]) {
        guard state.depth < state.maximumDepth else {
            let site = KeywordSite(keyword: "$ref", location: location, source: nil)
            errors.append(
                state.error(site, expected: "a schema that does not loop", actual: "evaluation nested too deep"))
            return
        }
        if acceptsNull, case .null = instance { return }
        framed(&state) { state in
            for (index, check) in checks.enumerated() {
                if index == type?.index { collectType(instance, &state, &errors) }
                check._withUnsafeGuaranteedRef { $0.collect(instance, &state, &errors) }
            }
            if let type, type.index >= checks.count { collectType(instance, &state, &errors) }
        }
    }

    /// The error of `type`, when the instance's type is not allowed, at the keyword as written.
    private func collectType(
        _ instance: JSONValue, _ state: inout ValidationState, _ errors: inout [SchemaValidationError]
    ) {
        guard let type, !TypeMask.accepts(type.mask, instance) else { return }
        let site = KeywordSite(keyword: "type", below: location, source: type.source)
        errors.append(
            state.error(site, expected: TypeMask.expected(type.written), actual: ValueDescription.describe(instance)))
    }

    /// Adds what this node evaluated; call only when the node is valid for `instance`.
    func annotate(_ instance: JSONValue, _ state: inout ValidationState, _ evaluated: inout Evaluated) {
        guard state.depth < state.maximumDepth else { return }
        if acceptsNull, case .null = instance { return }
        framed(&state) { state in
            for check in checks {
                check._withUnsafeGuaranteedRef { $0.annotate(instance, &state, &evaluated) }
            }
        }
    }

    /// The types the node accepts (`TypeMask` bits; all of them without a `type` keyword).
    var acceptedTypes: UInt8 { typeMask | (acceptsNull ? TypeMask.null : 0) }

    /// Whether a string given as its bytes passes (`type`, then each check's `isValid(string:)`); call
    /// only when `decidesStrings`, at a depth below the limit. Length, pattern and format checks do not
    /// read the evaluation depth or the dynamic scope, so the node's frame is not entered for them.
    func isValid(string: inout StringInstance) -> Bool {
        guard typeMask & TypeMask.string != 0 else { return false }
        for check in checks where !check._withUnsafeGuaranteedRef({ $0.isValid(string: &string) }) { return false }
        return true
    }

    /// Whether a number given as its literal passes (`type`, then each check's `isValid(number:)`); call
    /// only when `decidesNumbers`, at a depth below the limit (as `isValid(string:)`).
    func isValid(number: inout NumberInstance) -> Bool {
        if typeMask & TypeMask.number == 0 {
            guard typeMask & TypeMask.integer != 0, number.isPlainInteger || NumberFacts.isInteger(number.value())
            else { return false }
        }
        for check in checks where !check._withUnsafeGuaranteedRef({ $0.isValid(number: &number) }) { return false }
        return true
    }

    /// The checks besides `type`, for the streaming validator (which tests `acceptedTypes` itself).
    var checksBesidesType: UnsafeMutableBufferPointer<Unmanaged<KeywordCheck>> { checks }

    /// Runs `body` one level deeper, inside this node's resource in the dynamic scope.
    @inline(__always)
    private func framed<Result>(_ state: inout ValidationState, _ body: (inout ValidationState) -> Result) -> Result {
        state.depth += 1
        let pushed = enterScope(&state)
        defer {
            state.depth -= 1
            if pushed { state.scope.removeLast() }
        }
        return body(&state)
    }

    @inline(__always)
    private func enterScope(_ state: inout ValidationState) -> Bool {
        guard state.tracksScope, state.scope.last != resourceID else { return false }
        state.scope.append(resourceID)
        return true
    }
}

extension Unmanaged where Instance == SchemaNode {
    /// Validates through an unretained reference; the check holding it also holds the node strongly.
    ///
    /// Reading a node out of an array retained and released it on every visit, which profiles put
    /// at a tenth of the time of `isValid`. A node that is only a type mask is tested here, as its
    /// `isValid` would (depth limit, then mask): no call, and no copy of the instance to pass.
    @inline(__always)
    func isValid(_ instance: JSONValue, _ state: inout ValidationState) -> Bool {
        _withUnsafeGuaranteedRef { node in
            if let mask = node.leafMask { return state.depth < state.maximumDepth && TypeMask.accepts(mask, instance) }
            return node.isValid(instance, &state)
        }
    }
}

extension Array where Element == SchemaNode {
    /// The nodes as unretained references, for checks that also keep the nodes themselves.
    var unretained: [Unmanaged<SchemaNode>] { map { Unmanaged.passUnretained($0) } }
}
