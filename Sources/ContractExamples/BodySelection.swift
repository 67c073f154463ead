import ContractJSON
import ContractSchema
import ContractSpec

extension ExampleSynthesizer {
    /// The body for one media type (or header): contract examples in order of precedence, each validated,
    /// then a generated value.
    func body(
        schema: Spec.Schema?, examples: [Spec.Example], mediaType: String?, what: String, request: ExampleRequest
    ) throws(ExampleError) -> SynthesizedBody {
        let entry = try schema.map { (schema) throws(ExampleError) in try self.entry(for: schema) }
        let validator = entry?.validator
        var diagnostics: [ExampleDiagnostic] = []
        func answer(_ value: JSONValue, _ source: ExampleSource) -> SynthesizedBody {
            SynthesizedBody(value: value, mediaType: mediaType, source: source, diagnostics: diagnostics)
        }
        // Whether a contract example may answer; records a diagnostic when it breaks the schema.
        func accepts(_ value: JSONValue, _ source: ExampleSource, location: SourceLocation?) -> Bool {
            guard let validator, let error = validator.validate(value, context: request.context).first else {
                return true
            }
            // `example: null` where null breaks the schema is no example (swagger-core writes it for one never
            // set): passed over without a diagnostic, as the linter reads it.
            if case .null = value, source == .schemaExample || source == .mediaTypeExample("example") {
                return request.sources == .contractAsIs
            }
            let leaf = error.mostRelevant
            let fallback = request.sources == .contractAsIs ? "it is used as is" : "a generated value is used instead"
            diagnostics.append(
                ExampleDiagnostic(
                    code: "example.invalid",
                    message: "\(source) of \(what) does not match its schema at \(leaf.instancePath): "
                        + "\(leaf.message); \(fallback)",
                    location: location))
            return request.sources == .contractAsIs
        }
        if let name = request.exampleName {
            guard let example = examples.first(where: { $0.name == name }) else {
                let known = examples.map(\.name).joined(separator: ", ")
                throw ExampleError(
                    kind: .unknownExample,
                    message: "\(what) has no example named \"\(name)\""
                        + (known.isEmpty ? "" : " (examples: \(known))"),
                    location: schema?.location)
            }
            if let value = example.value, accepts(value, .namedExample(name), location: example.location) {
                return answer(value, .namedExample(name))
            }
        }
        if request.sources != .generatedOnly {
            for example in examples {
                guard let value = example.value else { continue }
                let source = ExampleSource.mediaTypeExample(example.name)
                if accepts(value, source, location: example.location) { return answer(value, source) }
            }
            if let schema, let entry {
                let merged = entry.node.schema
                for value in merged.examples where accepts(value, .schemaExample, location: schema.location) {
                    return answer(value, .schemaExample)
                }
            }
        }
        guard let entry else {
            throw ExampleError(kind: .noSchema, message: "\(what) has no schema and no example to answer with")
        }
        let value = try generationEngine.value(
            for: entry.node, validator: entry.validator, context: request.context, mode: request.mode)
        return answer(value, .generated)
    }
}
