import ContractJSON
import ContractSchema

/// Builds one value for a schema: chooses a type, then builds a value of that type that satisfies the
/// merged keywords, checking with the compiled validators where construction alone cannot be sure
/// (`oneOf`, `not`, `if`, patterns, formats) and trying other candidates a bounded number of times.
struct ValueGenerator {
    /// Where in the value being built: the property name (for realistic values), an ordinal that makes
    /// siblings differ (for `uniqueItems`), the nesting depth and the attempt number.
    struct Site {
        var hints: NameHints
        var variant: Int
        var depth: Int
        var attempt: Int

        func nested(hints: NameHints?, variant: Int) -> Site {
            Site(hints: hints ?? self.hints, variant: variant, depth: depth + 1, attempt: attempt)
        }

        /// The variant and the attempt together, for choosing among candidates (never negative).
        var ordinal: Int { (variant &+ attempt) & Int.max }

        /// This site for retry `retry` of `retries` at this level: a number that tells the retries of every
        /// level apart (choices inside choices multiply them), wrapped into `0...Int.max` so that deep
        /// nesting cannot overflow it and the remainders taken of it stay non-negative.
        func retrying(_ retry: Int, of retries: Int) -> Site {
            var site = self
            site.attempt = (attempt &* retries &+ retry) & Int.max
            return site
        }
    }

    let cache: SynthesisCache
    let mode: ExampleMode
    let context: ValidationContext
    var rng: SplitMix64
    /// How many schemas may still be visited: bounds the work on schemas with many nested choices.
    var budget = 50_000
    /// Set when a node or object visited is not valid by construction (`NodeFacts.isConstructive`,
    /// `ObjectPlan.isConstructive`): the value must then be proven with the validator.
    var needsProof = false
    /// Below this depth optional content is included; past it, values are as small as allowed.
    static let optionalDepth = 5
    /// Past this depth a schema that still requires nesting is reported as unsatisfiable.
    static let depthLimit = 40
    /// How many `generate` calls may be under way at once. `oneOf`, `anyOf` and `if` recurse without going
    /// deeper into the value (each merges one group in and generates again), so the value's depth does not
    /// bound the stack: a chain of thousands of conditionals overflowed it. A generous bound: forty levels of
    /// objects, each with a choice and a conditional, stay under it.
    static let nestingLimit = 128
    /// The `generate` calls under way.
    private(set) var nesting = 0

    var source: any SchemaSource { cache.source }

    var isMinimal: Bool { if case .minimal = mode { true } else { false } }
    var isRandom: Bool { if case .random = mode { true } else { false } }

    mutating func generate(_ schemas: [LocatedSchema], site: Site) throws(GenerationFailure) -> JSONValue {
        try generate(cache.node(schemas), site: site)
    }

    mutating func generate(_ node: MergedNode, site: Site) throws(GenerationFailure) -> JSONValue {
        budget -= 1
        guard budget > 0 else {
            throw .gaveUp(
                "generation took too many steps (the schema nests too many choices)", at: node.schema.roots.first)
        }
        guard nesting < Self.nestingLimit else {
            throw .gaveUp(
                "the schema nests more than \(Self.nestingLimit) oneOf, anyOf, if and object levels inside one another",
                at: node.schema.roots.first)
        }
        nesting += 1
        defer { nesting -= 1 }
        guard site.depth < Self.depthLimit else {
            throw .unsatisfiable(
                "the schema requires values nested deeper than \(Self.depthLimit) levels (a required recursion)",
                at: node.schema.roots.first)
        }
        if let contradiction = node.facts.contradiction { throw contradiction }
        if !node.facts.isConstructive { needsProof = true }
        switch node.facts.route {
        case .plain: return try generatePlain(node, site: site)
        case .choice: return try generateChoice(node, site: site)
        case .conditional: return try generateConditional(node, site: site)
        case .checked: break
        }
        var lastError: GenerationFailure?
        for attempt in 0..<4 {
            let attemptSite = site.retrying(attempt, of: 4)
            do throws(GenerationFailure) {
                // Every other attempt includes every `dependentSchemas` trigger property and applies its
                // schema up front, rather than hoping the two are chosen together.
                var target = node
                if attempt % 2 == 1, !node.schema.dependentSchemas.isEmpty {
                    target = cache.derived(from: node, key: "dependentSchemas") {
                        var merged = node.schema
                        for (name, schema) in node.schema.dependentSchemas {
                            merged.properties.require(name)
                            merged.absorb(schema, source: source)
                        }
                        merged.dependentSchemas = []
                        return merged
                    }
                }
                let value = try generatePlain(target, site: attemptSite)
                if satisfies(value, node) { return value }
            } catch {
                lastError = error
            }
        }
        throw lastError ?? .gaveUp("no generated value satisfied the schema", at: node.schema.roots.first)
    }

    /// Whether `value` is valid against every member of the node (a member that does not compile is left
    /// to the final check).
    func satisfies(_ value: JSONValue, _ node: MergedNode) -> Bool {
        cache.validators(for: node).allSatisfy { $0.isValid(value, context: context) }
    }

    /// Whether `value` is valid against one schema.
    func satisfies(_ value: JSONValue, _ schema: LocatedSchema) -> Bool {
        source.validator(for: schema)?.isValid(value, context: context) ?? true
    }

    /// `oneOf`/`anyOf`: one branch merged in at a time, the result checked against the whole group (so a
    /// value that also matches another `oneOf` branch is refused).
    private mutating func generateChoice(_ node: MergedNode, site: Site) throws(GenerationFailure) -> JSONValue {
        let choice = node.schema.choices[0]
        var order = Array(choice.branches.indices)
        if isRandom || site.attempt > 0 {
            for index in stride(from: order.count - 1, to: 0, by: -1) { order.swapAt(index, rng.below(index + 1)) }
        } else if !order.isEmpty {
            let shift = site.variant % order.count
            order = Array(order[shift...] + order[..<shift])
        }
        var lastError: GenerationFailure?
        var provenBranches = 0
        // A discriminator that decides (OpenAPI 3.0) accepts a value other branches match too; one that only
        // its own branch matches is valid however the `oneOf` is read, so it is preferred, and the first
        // of the others kept in case no branch gives one.
        var acceptedByDiscriminator: JSONValue?
        for index in order {
            let branch = cache.derived(from: node, key: "choice/\(index)") {
                var rest = node.schema
                rest.choices.removeFirst()
                return rest.absorbing(choice.branches[index], source: source)
            }
            for attempt in 0..<2 {
                let branchSite = site.retrying(attempt, of: 2)
                do throws(GenerationFailure) {
                    var value = try generate(branch, site: branchSite)
                    if let property = choice.discriminatorProperty, case .object(var object) = value,
                        index < choice.branchNames.count, let name = choice.branchNames[index]
                    {
                        object[property] = .string(name)
                        value = .object(object)
                    }
                    guard satisfies(value, node) else { continue }
                    guard choice.exclusive, choice.discriminatorProperty != nil,
                        choice.branches.indices.contains(where: { other in
                            other != index && satisfies(value, choice.branches[other])
                        })
                    else { return value }
                    if acceptedByDiscriminator == nil { acceptedByDiscriminator = value }
                } catch {
                    lastError = error
                    if error.provenUnsatisfiable { provenBranches += 1 }
                    break
                }
            }
        }
        if let acceptedByDiscriminator { return acceptedByDiscriminator }
        let keyword = choice.exclusive ? "oneOf" : "anyOf"
        if let lastError, lastError.provenUnsatisfiable, provenBranches == choice.branches.count {
            throw choice.branches.count == 1
                ? lastError
                : .unsatisfiable("no branch of \(keyword) can be satisfied (\(lastError.message))", at: choice.site)
        }
        throw .gaveUp(
            "no branch of \(keyword) gave a value matching \(choice.exclusive ? "exactly one branch" : "a branch")"
                + " and the rest of the schema", at: choice.site)
    }

    /// `if`/`then`/`else`: build for `if` and `then` together, else for `else`, and check which applied.
    private mutating func generateConditional(_ node: MergedNode, site: Site) throws(GenerationFailure)
        -> JSONValue
    {
        let conditional = node.schema.conditionals[0]
        var options: [(schemas: [LocatedSchema], matchesIf: Bool)] = [
            ([conditional.condition] + (conditional.then.map { [$0] } ?? []), true),
            (conditional.otherwise.map { [$0] } ?? [], false),
        ]
        if isRandom, rng.chance(1, in: 2) { options.reverse() }
        var lastError: GenerationFailure?
        for option in options {
            let branch = cache.derived(from: node, key: option.matchesIf ? "then" : "else") {
                var branch = node.schema
                branch.conditionals.removeFirst()
                for schema in option.schemas { branch.absorb(schema, source: source) }
                return branch
            }
            for attempt in 0..<3 {
                let branchSite = site.retrying(attempt, of: 3)
                do throws(GenerationFailure) {
                    let value = try generate(branch, site: branchSite)
                    let matchesIf = satisfies(value, conditional.condition)
                    if matchesIf == option.matchesIf, satisfies(value, node) { return value }
                } catch {
                    lastError = error
                    break
                }
            }
        }
        throw lastError ?? .gaveUp("no value satisfied if/then/else", at: conditional.condition)
    }
}
