import ContractJSON

/// A compiled schema object: its keyword checks in evaluation order.
///
/// Nodes are classes so that `$ref` cycles can point at a node before its checks are filled in.
/// Unchecked Sendable: a node and its checks are written only by `SchemaCompiler` while it builds them
/// (`install`, `InPlaceGraph`), on one thread, and only read once the compiled schema is handed out.
final class SchemaNode: @unchecked Sendable {
    /// Where the schema object is.
    let location: SchemaLocation
    /// The schema resource (document or `$id` subschema) the node belongs to, for the dynamic scope.
    let resourceID: Int
    /// The checks besides `type`, in evaluation order, `unevaluated*` last.
    private var checks: [KeywordCheck] = []
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
    /// The `discriminator`s of the node's `oneOf`/`anyOf` (also held by their checks), for
    /// `CompiledSchema.discriminatorValues(of:)`. Set by the compiler after `install`.
    var discriminators: [Discriminator] = []
    /// Whether `null` passes whatever the checks say: an OpenAPI 3.0 schema object with `nullable: true`
    /// read leniently (`NullableReading.lenient`). Set by the compiler before `install`.
    var acceptsNull = false
    /// `readOnly: true` here or in a `$ref` or `allOf` target (folded in by `InPlaceGraph`).
    var readOnlyFlag = false
    /// `writeOnly: true` here or in a `$ref` or `allOf` target (folded in by `InPlaceGraph`).
    var writeOnlyFlag = false
    /// For a node that only forwards to a subschema compiled when validation first reaches it (see
    /// `DeferredSubschema`), that subschema; `nil` for a compiled node. A forwarding node stands only where
    /// a subschema applies to a member or an element, never in place. It passes `isValid`, `collect`,
    /// `annotate` and the access flags on; the streaming validator's frames hold resolved nodes
    /// (`StreamingValidator.Frame`), so the questions only it asks (`acceptedTypes`, `checkCount`, the
    /// streaming roles, `isValid(string:)`, `isValid(number:)`) are never asked of a forwarding node.
    let deferred: DeferredSubschema?
    /// How many schema objects validating one value here visits at most, counting this one, up to one
    /// past `InPlaceGraph.limit`: 0 until `InPlaceGraph` has finished the node (-1 while it walks
    /// through it). Set once, while the node is new to its compiler and not yet shared; a node of an
    /// earlier root is only read. (A set of visited identities, shared by every root of a catalog, was
    /// rehashed as it grew: a percent or two of loading a contract.)
    var inPlaceCost = 0
    /// Whether the node can lead back to itself in place (`InPlaceGraph`): met again for the value it is
    /// already being applied to, it passes there, and that value's walk is cut (`ValidationState.loops`).
    var cutsLoops = false
    /// The node's number in `InPlaceGraph`'s walk while its strongly connected part is open, else -1.
    var openNumber = -1

    init(location: SchemaLocation, resourceID: Int, deferred: DeferredSubschema? = nil) {
        self.location = location
        self.resourceID = resourceID
        self.deferred = deferred
    }

    /// The node that validates: the compiled subschema for a forwarding node, else this one.
    var resolved: SchemaNode { deferred?.node ?? self }

    /// `readOnly: true` here or in a `$ref` or `allOf` target.
    var isReadOnly: Bool { deferred?.node.readOnlyFlag ?? readOnlyFlag }

    /// `writeOnly: true` here or in a `$ref` or `allOf` target.
    var isWriteOnly: Bool { deferred?.node.writeOnlyFlag ?? writeOnlyFlag }

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
        // Moved out and handed over rather than released with the node: a check may hold the last
        // reference to another node (`DeferredRelease`).
        guard !checks.isEmpty else { return }
        var taken: [KeywordCheck] = []
        swap(&taken, &checks)
        DeferredRelease.release(consume taken)
    }

    /// Takes `checks` (in evaluation order, `unevaluated*` last) and `type` as the node's. Called once, by
    /// the compiler, before the node is shared.
    func install(_ checks: [KeywordCheck], type: TypeKeyword? = nil) {
        self.checks = checks
        self.type = type
        typeMask = type?.mask ?? Self.anyType
        leafMask = checks.isEmpty ? typeMask | (acceptsNull ? TypeMask.null : 0) : nil
        // One pass by offset, once per node compiled: the collection protocols' generic algorithms run
        // unspecialized in a debug build.
        var properties: PropertiesCheck?
        var strings = true
        var numbers = true
        for index in checks.indices {
            if properties == nil, let found = checks[index] as? PropertiesCheck { properties = found }
            strings = strings && checks[index].decidesStrings
            numbers = numbers && checks[index].decidesNumbers
        }
        decidesStrings = strings
        decidesNumbers = numbers
        // A `required` list beside `properties` is decided from that check's lookups (see `RequiredCheck.pair`).
        if let properties {
            for index in checks.indices {
                if let required = checks[index] as? RequiredCheck { required.pair(with: properties) }
            }
        }
    }

    func isValid(_ instance: JSONValue, _ state: inout ValidationState) -> Bool {
        guard state.depth < state.maximumDepth else { return false }
        // A node that is only a type mask needs no frame: the dynamic scope does not matter without checks.
        if let leafMask { return TypeMask.accepts(leafMask, instance) }
        // A forwarding node has no `leafMask`, so the test above costs compiled nodes nothing more.
        if let deferred { return deferred.node.isValid(instance, &state) }
        if acceptsNull, case .null = instance { return true }
        if cutsLoops {
            guard state.enterLoop(self, instance) else { return true }
            defer { state.loops.removeLast() }
            return checksPass(instance, &state)
        }
        return checksPass(instance, &state)
    }

    /// Whether `type` and the checks pass, one level deeper.
    private func checksPass(_ instance: JSONValue, _ state: inout ValidationState) -> Bool {
        framed(&state) { state in
            if typeMask != Self.anyType, !TypeMask.accepts(typeMask, instance) { return false }
            // By index through the node: a `for` over the list copied it out, retaining and releasing it
            // on every visit.
            for index in checks.indices where !checks[index].isValid(instance, &state) { return false }
            return true
        }
    }

    func collect(_ instance: JSONValue, _ state: inout ValidationState, _ errors: inout [SchemaValidationError]) {
        if let deferred { return deferred.node.collect(instance, &state, &errors) }
        guard state.depth < state.maximumDepth else {
            let site = KeywordSite(keyword: "$ref", location: location, source: nil)
            errors.append(
                state.error(site, expected: "a schema that does not loop", actual: "evaluation nested too deep"))
            return
        }
        if acceptsNull, case .null = instance { return }
        if cutsLoops {
            guard state.enterLoop(self, instance) else { return }
        }
        defer { if cutsLoops { state.loops.removeLast() } }
        framed(&state) { state in
            for (index, check) in checks.enumerated() {
                if index == type?.index { collectType(instance, &state, &errors) }
                check.collect(instance, &state, &errors)
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
        if let deferred { return deferred.node.annotate(instance, &state, &evaluated) }
        guard state.depth < state.maximumDepth else { return }
        if acceptsNull, case .null = instance { return }
        if cutsLoops {
            guard state.enterLoop(self, instance) else { return }
        }
        defer { if cutsLoops { state.loops.removeLast() } }
        framed(&state) { state in
            for check in checks { check.annotate(instance, &state, &evaluated) }
        }
    }

    /// The types the node accepts (`TypeMask` bits; all of them without a `type` keyword).
    var acceptedTypes: UInt8 { typeMask | (acceptsNull ? TypeMask.null : 0) }

    /// Whether a string given as its bytes passes (`type`, then each check's `isValid(string:)`); call
    /// only when `decidesStrings`, at a depth below the limit. Length, pattern and format checks do not
    /// read the evaluation depth or the dynamic scope, so the node's frame is not entered for them.
    func isValid(string: inout StringInstance) -> Bool {
        guard typeMask & TypeMask.string != 0 else { return false }
        for index in checks.indices where !checks[index].isValid(string: &string) { return false }
        return true
    }

    /// Whether a number given as its literal passes (`type`, then each check's `isValid(number:)`); call
    /// only when `decidesNumbers`, at a depth below the limit (as `isValid(string:)`).
    func isValid(number: inout NumberInstance) -> Bool {
        if typeMask & TypeMask.number == 0 {
            guard typeMask & TypeMask.integer != 0, number.isPlainInteger || NumberFacts.isInteger(number.value())
            else { return false }
        }
        for index in checks.indices where !checks[index].isValid(number: &number) { return false }
        return true
    }

    /// The checks besides `type`, for `InPlaceGraph`.
    var checksBesidesType: [KeywordCheck] { checks }

    /// How many checks besides `type` the node has, for `streamingRole(ofCheck:)`.
    var checkCount: Int { checks.count }

    /// The streaming role of the check at `index` (below `checkCount`), for the streaming validator (which
    /// tests `acceptedTypes` itself). Read in place, as `isValid` reads the checks.
    func streamingRole(ofCheck index: Int) -> StreamingRole { checks[index].streamingRole }

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
