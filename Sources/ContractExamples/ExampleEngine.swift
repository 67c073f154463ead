import ContractJSON
import ContractSchema

/// Generates a value for one schema and proves it with the schema's compiled validator (unless it was
/// built only from constructive nodes, which need no proof); on a failed proof, tries again with other
/// choices a bounded number of times, and reports the schema as unsatisfiable rather than ever returning
/// a value the validator rejects.
struct ExampleEngine: Sendable {
    let cache: SynthesisCache
    /// Whole-value attempts before giving up.
    static let attempts = 6

    func value(
        for schema: LocatedSchema, validator: CompiledSchema?, context: ValidationContext, mode: ExampleMode
    ) throws(ExampleError) -> JSONValue {
        try value(for: cache.node([schema]), validator: validator, context: context, mode: mode)
    }

    /// A value for an already merged root (callers that ask often keep the node to skip the lookup).
    func value(
        for root: MergedNode, validator: CompiledSchema?, context: ValidationContext, mode: ExampleMode
    ) throws(ExampleError) -> JSONValue {
        var lastFailure: GenerationFailure?
        var lastInvalid: (value: JSONValue, error: String)?
        for attempt in 0..<Self.attempts {
            // The first attempts keep the caller's mode; later ones let the seeded generator vary every
            // choice, which finds values for schemas the mode's fixed choices miss.
            var attemptMode = mode
            var seed: UInt64 = 0
            if case .random(let given) = mode { seed = given }
            if attempt >= 2 { attemptMode = .random(seed: seed &+ UInt64(attempt) &* 0x9E37_79B9_7F4A_7C15) }
            if case .random(let chosen) = attemptMode { seed = chosen }
            var generator = ValueGenerator(
                cache: cache, mode: attemptMode, context: context, rng: SplitMix64(seed: seed &+ UInt64(attempt)))
            let site = ValueGenerator.Site(hints: .empty, variant: 0, depth: 0, attempt: attempt % 2)
            do throws(GenerationFailure) {
                let value = try generator.generate(root, site: site)
                // A value built only from constructive nodes is valid as built (`NodeFacts.isConstructive`);
                // the property tests validate those independently.
                guard generator.needsProof, let validator, !validator.isValid(value, context: context) else {
                    return value
                }
                let leaf = validator.validate(value, context: context).first?.mostRelevant
                lastInvalid = (value, leaf.map { "\($0.instancePath): \($0.description)" } ?? "the value")
            } catch {
                if error.provenUnsatisfiable { throw report(error, root: root.schema) }
                lastFailure = error
            }
        }
        let schema = Self.site(of: root.schema)
        if let lastInvalid {
            throw ExampleError(
                kind: .unsatisfiable,
                message:
                    "no value satisfying the schema was found in \(Self.attempts) attempts; the last one failed at "
                    + lastInvalid.error,
                location: cache.source.location(of: schema), schemaURI: schema.uri)
        }
        throw report(lastFailure ?? .gaveUp("no value was found", at: schema), root: root.schema)
    }

    /// The schema messages about `merged` point at.
    private static func site(of merged: MergedSchema) -> LocatedSchema {
        merged.roots.first ?? LocatedSchema(value: true, base: "", pointer: nil)
    }

    private func report(_ failure: GenerationFailure, root merged: MergedSchema) -> ExampleError {
        let root = Self.site(of: merged)
        let site = failure.schema ?? root
        let prefix = failure.provenUnsatisfiable ? "unsatisfiable schema" : "no value found for the schema"
        return ExampleError(
            kind: .unsatisfiable, message: "\(prefix): \(failure.message)",
            location: cache.source.location(of: site) ?? cache.source.location(of: root), schemaURI: site.uri)
    }
}
