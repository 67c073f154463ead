import ContractJSON
import ContractSchema

/// What every builder step shares: the files, the version, and the diagnostics collected so far.
final class BuildContext {
    let workspace: ContractWorkspace
    let version: Spec.Version
    /// The allowed fields of each object kind for this version, built once.
    let fields: FieldSets
    private(set) var diagnostics: [Diagnostic] = []
    /// Every place the builders found a schema, for the schema checks to walk.
    var schemaRoots: [SourceNode] = []
    /// Schemas that carry `default`, `example` or `examples`, whose values should validate against them.
    var annotatedSchemas: [SourceNode] = []
    /// Whether the schema walk collects `annotatedSchemas`: only when examples are checked (spelling each
    /// one's pointer was a percent of loading a contract whose schemas have many defaults).
    let collectsAnnotatedSchemas: Bool
    /// Whether warnings are kept. A load for verifying traffic uses only the errors, and a contract can
    /// warn thousands of times (Stripe's writes `nullable: true` beside `anyOf` everywhere), each warning
    /// spelling its place and its message.
    let collectsWarnings: Bool
    private var reported: Set<Diagnostic> = []
    private var memo: [MemoKey: AnyObject] = [:]
    /// The results of `memo` by the `$ref` that led to them (see `Referral`).
    private var referrals: [Referral: AnyObject] = [:]
    /// `$ref`s followed where the version allows none (reported once per kind of place).
    private var misplacedReferences = MisplacedReferences()
    /// `nullable: true` met by the schema walk in a 3.1 or 3.2 schema: the first place and how many, for
    /// one warning.
    var droppedNullable: (first: SourceNode, count: Int)?
    /// `$ref`s the schema walk found in place of a map of subschemas, to be expanded in their files.
    private(set) var schemaMapReferences: [SchemaMapReference] = []
    /// Schemas whose `$ref`s name their own enclosing `$defs` (see `EnclosingDefinitions`), for the loader
    /// to rewrite.
    private(set) var enclosingDefinitions: [EnclosingDefinitions] = []

    /// One memoized result. A class, so that a hit is a class cast rather than the runtime's general
    /// dynamic cast out of `Any`, which is slow and runs for every `$ref` followed.
    private final class Memo<Value> {
        let value: Value?
        init(_ value: Value?) { self.value = value }
    }

    /// What `build` memoizes by: the kind of object and the target's `uri#pointer` (the two joined into
    /// one string and hashed with SipHash cost an allocation and a long hash per `$ref` followed).
    private struct MemoKey: Hashable {
        let kind: String
        let target: HashedText
    }

    /// How `nullable: true` is read, for the linter's words about it.
    let nullable: NullableReading

    init(
        workspace: ContractWorkspace, version: Spec.Version, collectsAnnotatedSchemas: Bool = true,
        collectsWarnings: Bool = true, nullable: NullableReading = .lenient
    ) {
        self.workspace = workspace
        self.version = version
        self.nullable = nullable
        self.collectsAnnotatedSchemas = collectsAnnotatedSchemas
        self.collectsWarnings = collectsWarnings
        self.fields = FieldSets(version)
    }

    /// Drops what only the builders and the schema walk use (the components built, by `$ref`
    /// target, and the schema roots), so that compiling, the stage that needs the most memory, does
    /// not hold them too.
    func releaseBuildState() {
        memo = [:]
        referrals = [:]
        schemaRoots = []
    }

    /// Reports a problem once: the same problem met again on another way to the same place (a `$ref`
    /// reached from two schemas, say) is not repeated.
    func report(_ severity: Diagnostic.Severity, _ code: String, _ message: String, at node: SourceNode) {
        report(Diagnostic(severity, code: code, message: message, location: node.location, pointer: node.pointer))
    }

    func report(_ diagnostic: Diagnostic) {
        guard collectsWarnings || diagnostic.severity != .warning else { return }
        if reported.insert(diagnostic).inserted { diagnostics.append(diagnostic) }
    }

    /// Builds the object a node (or the `$ref` in it) leads to, once per target.
    func build<T>(_ node: SourceNode, kind: String, _ body: (SourceNode) -> T?) -> T? {
        // Most nodes are written in place and no `$ref` reaches them: built at once, with one look for `$ref`.
        var referral: Referral?
        if case .object(let object) = node.value, let reference = object["$ref"] {
            referral = Referral(reference, in: node.file, kind: kind)
        } else if node.referenceKey == nil {
            return body(node)
        }
        if let referral, let cached = referrals[referral] {
            noteReferencePlacement(node, kind: kind)
            return (cached as? Memo<T>)?.value
        }
        guard let target = dereference(node, expecting: kind) else { return nil }
        guard let key = target.referenceKey else { return body(target) }
        let memoKey = MemoKey(kind: kind, target: HashedText(key))
        let built: AnyObject
        if let cached = memo[memoKey] {
            built = cached
        } else {
            built = Memo(body(target))
            memo[memoKey] = built
        }
        // Only a `$ref` that reached its target is remembered: one that fails is reported at each place it is written.
        if let referral { referrals[referral] = built }
        return (built as? Memo<T>)?.value
    }

    /// A `$ref` met in a file, for the kind of object expected there: a second meeting is answered from
    /// `referrals` without following it again (Discord writes its five rate-limit headers in every response,
    /// and each follow copies the nodes on its way and hashes the target's `uri#pointer` key).
    private struct Referral: Hashable {
        let reference: WrittenReference
        let kind: String

        init?(_ value: JSONValue, in file: ContractFile, kind: String) {
            guard let reference = WrittenReference(value, in: file) else { return nil }
            self.reference = reference
            self.kind = kind
        }

        /// By the reference alone: the kinds are a handful of literals, compared only on equal hashes.
        func hash(into hasher: inout Hasher) {
            hasher.combine(reference)
        }
    }

    func error(_ code: String, _ message: String, at node: SourceNode, blocksVerification: Bool = true) {
        report(
            Diagnostic(
                error: code, message: message, location: node.location, pointer: node.pointer,
                blocksVerification: blocksVerification))
    }

    /// Notes a `$ref` at `node` where an object of `kind` belongs, when the version allows none there.
    func noteReferencePlacement(_ node: SourceNode, kind: String) {
        guard !MisplacedReferences.permits(kind, in: version) else { return }
        misplacedReferences.note(kind, at: node)
    }

    /// Keeps a `$ref` found in place of a map of subschemas (once per place), for the loader to expand.
    func noteSchemaMapReference(_ reference: SchemaMapReference) {
        let known = schemaMapReferences.contains { $0.file === reference.file && $0.pointer == reference.pointer }
        if !known { schemaMapReferences.append(reference) }
    }

    /// Keeps a schema whose pointers name its own enclosing `$defs` (once per place), for the loader to rewrite.
    func noteEnclosingDefinitions(_ rewrite: EnclosingDefinitions) {
        let known = enclosingDefinitions.contains { $0.file === rewrite.file && $0.pointer == rewrite.pointer }
        if !known { enclosingDefinitions.append(rewrite) }
    }

    /// Reports the `$ref`s followed where the version allows none: one warning per kind of place.
    func reportMisplacedReferences() {
        for diagnostic in misplacedReferences.diagnostics(version: version) { report(diagnostic) }
        misplacedReferences = MisplacedReferences()
    }

    /// Reports a warning, when warnings are kept; the message and the place are made only then.
    func warning(_ code: String, _ message: @autoclosure () -> String, at node: @autoclosure () -> SourceNode) {
        guard collectsWarnings else { return }
        report(.warning, code, message(), at: node())
    }

    /// A schema in the 2020-12 form the model uses: 3.0 and 2.0 schemas are translated (`nullable`,
    /// boolean exclusive bounds, `$ref` siblings, `x-nullable`, `type: file`); 3.1+ ones are kept.
    func normalised(_ schema: JSONValue) -> JSONValue {
        switch version {
        case .swagger2: OASSchemaTranslation.translate(schema, from: .swagger20).schema
        case .openAPI30: OASSchemaTranslation.translate(schema, from: .oas30).schema
        case .openAPI31, .openAPI32: schema
        }
    }

    /// The dialect schemas of this version are translated from (`nil`: 3.1 and 3.2 schemas are kept).
    var translationSource: OASSchemaTranslation.SourceVersion? {
        switch version {
        case .swagger2: .swagger20
        case .openAPI30: .oas30
        case .openAPI31, .openAPI32: nil
        }
    }

    /// Follows `$ref` (and chains of `$ref`s) from a node that may be a Reference Object.
    /// Returns the target, or `nil` after reporting why it cannot be reached.
    func dereference(_ node: SourceNode, expecting kind: String) -> SourceNode? {
        // Most nodes are written in place: handed back without the copies and the list a chain needs.
        guard case .object(let object) = node.value, object["$ref"] != nil else { return node }
        noteReferencePlacement(node, kind: kind)
        var current = node
        // The keys of the nodes met so far: meeting one again is a loop. (Their keys come with the cached
        // resolution, so the referring node's pointer is never spelled out.) The first is kept apart, so
        // that the usual single `$ref` allocates no list.
        var first: String?
        var visited: [String] = []
        while case .object(let object) = current.value, let reference = object["$ref"] {
            guard case .string(let text) = reference else {
                error(
                    "structure.type", "$ref must be a string, found \(current.child("$ref")?.kindDescription ?? "")",
                    at: current)
                return nil
            }
            let met = (first == nil ? 0 : 1) + visited.count
            if let key = current.referenceKey, key == first || visited.contains(key) {
                error(
                    "ref.cycle",
                    "circular $ref chain: \(met) references lead back to \(text) without reaching a \(kind)",
                    at: node)
                return nil
            }
            if first == nil { first = current.referenceKey ?? "" } else { visited.append(current.referenceKey ?? "") }
            switch ReferenceResolver.resolve(text, from: current.file, in: workspace) {
            case .success(let target):
                current = SourceNode(target)
            case .failure(let problem):
                // An example that names nothing is left out; verifying traffic never reads one.
                error(
                    problem.code, problem.message, at: current.child("$ref") ?? current,
                    blocksVerification: kind != "Example Object")
                return nil
            }
            if 1 + visited.count > 64 {
                error("ref.cycle", "more than 64 chained $refs; is there a loop?", at: node)
                return nil
            }
        }
        return current
    }
}
