import ContractJSON
import ContractSchema

/// Checks that need compiled schemas: every schema the operations use and every component schema
/// compiles (patterns parse, `$ref`s resolve in the schema engine's terms), and examples and defaults
/// match their schemas.
struct CompiledSchemaChecks {
    let context: BuildContext
    let document: Spec.Document
    /// The `example: null`s whose schema rejects null, for one warning.
    private let nullExamples = NullExamples()

    func run(examples checkExamples: Bool) {
        // Two loops rather than `operations + webhooks`, which copied every operation while the
        // compiled schemas, the largest part of a load's memory, were being built; by offset, because
        // a `for operation in` loop copies each one too.
        for offset in document.operations.indices { check(document.operations[offset], examples: checkExamples) }
        for offset in document.webhooks.indices { check(document.webhooks[offset], examples: checkExamples) }
        // Component schemas no operation uses yet are checked too: a broken one is broken for the next
        // operation that names it.
        for name in document.schemas.keys.sorted() {
            if let schema = document.schemas[name] { _ = compile(schema) }
        }
        if checkExamples { checkAnnotatedSchemas() }
        nullExamples.report(to: context)
    }

    func check(_ operation: Spec.Operation, examples checkExamples: Bool) {
        // By offset: loop variables copied each parameter, media type and response whole.
        let parameters = operation.parameters
        for offset in parameters.indices {
            check(
                parameters[offset].schema, examples: parameters[offset].examples, in: .request, validate: checkExamples)
            check(parameters[offset].content, in: .request, validate: checkExamples)
        }
        if let content = operation.requestBody?.content { check(content, in: .request, validate: checkExamples) }
        let responses = operation.responses
        for offset in responses.indices {
            check(responses[offset].content, in: .response, validate: checkExamples)
            let headers = responses[offset].headers
            for header in headers.indices {
                check(
                    headers[header].schema, examples: headers[header].examples, in: .response, validate: checkExamples)
            }
        }
    }

    private func check(_ content: [Spec.MediaType], in validationContext: ValidationContext, validate: Bool) {
        // The media types of one body or response mostly share one schema (a Swagger 2.0 response serves
        // its schema as every `produces` type): it is compiled, that is looked up, once for a run of them.
        var previous: (baseURI: String, pointer: JSONPointer, isSynthesized: Bool, compiled: CompiledSchema?)?
        for offset in content.indices {
            guard let schema = content[offset].schema else { continue }
            let compiled: CompiledSchema?
            if let previous, previous.pointer == schema.pointer, previous.baseURI == schema.baseURI,
                previous.isSynthesized == schema.isSynthesized
            {
                compiled = previous.compiled
            } else {
                compiled = compile(schema)
                previous = (schema.baseURI, schema.pointer, schema.isSynthesized, compiled)
            }
            guard validate, let compiled else { continue }
            check(
                content[offset].examples, against: compiled, in: validationContext,
                asFormFields: Spec.MediaType.isForm(content[offset].name))
        }
    }

    private func check(
        _ schema: Spec.Schema?, examples: [Spec.Example], in validationContext: ValidationContext, validate: Bool
    ) {
        guard let schema, let compiled = compile(schema) else { return }
        guard validate else { return }
        check(examples, against: compiled, in: validationContext)
    }

    private func check(
        _ examples: [Spec.Example], against compiled: CompiledSchema, in validationContext: ValidationContext,
        asFormFields: Bool = false
    ) {
        for example in examples {
            guard let value = example.value else { continue }
            var errors = compiled.validate(value, context: validationContext)
            if asFormFields, !errors.isEmpty, let fields = Self.formFields(value, errors: errors) {
                errors = compiled.validate(fields, context: validationContext)
            }
            guard let first = errors.first?.mostRelevant else { continue }
            if example.name == "example", case .null = value {
                nullExamples.add(example.location, pointer: example.pointer)
                continue
            }
            let name = example.name == "example" ? "example" : "example '\(example.name)'"
            let more = errors.count > 1 ? " (and \(errors.count - 1) more)" : ""
            context.report(
                Diagnostic(
                    .warning, code: "example.invalid",
                    message: "\(name) does not match its schema: \(first.instancePath): \(first.description)\(more)",
                    location: example.location, pointer: example.pointer))
        }
    }

    /// A form body's example read as the body it stands for: a field written once is a list of one where
    /// the schema wants a list (Twilio's `Permission: sendMessage` is sent as `Permission=sendMessage`,
    /// which the verifier reads as `["sendMessage"]`). `nil` when no field is read so.
    private static func formFields(_ value: JSONValue, errors: [SchemaValidationError]) -> JSONValue? {
        guard case .object(let object) = value else { return nil }
        var lists: Set<String> = []
        for error in errors where error.keyword == "type" && error.expected.contains("array") {
            guard error.instancePath.components.count == 1, case .key(let name) = error.instancePath.components[0]
            else { continue }
            lists.insert(name)
        }
        guard !lists.isEmpty else { return nil }
        return .object(
            JSONObject(
                members: object.members.map { member in
                    guard lists.contains(member.key) else { return member }
                    if case .array = member.value { return member }
                    return JSONObject.Member(key: member.key, value: .array([member.value]), position: member.position)
                }, position: object.position))
    }

    /// Compiles a schema, reporting compile errors that the structural checks have not already reported.
    private func compile(_ schema: Spec.Schema) -> CompiledSchema? {
        do {
            return try document.compiledSchemas.compiled(schema)
        } catch {
            for problem in error.errors {
                let location = problem.sourceLocation ?? schema.location
                // Reported already at the same place, or inside the schema the problem is about (a `$ref` loop
                // that lint reported at its `$ref`, say): the compiler would name the same mistake again.
                let alreadyReported = context.diagnostics.contains { diagnostic in
                    diagnostic.severity == .error
                        && (diagnostic.location == location
                            || diagnostic.pointer.map { problem.schemaLocation.pointer.isPrefix(of: $0) } == true)
                }
                if !alreadyReported, !reportedAsUnresolvedReference(problem) {
                    context.report(
                        Diagnostic(.error, code: "schema.compile", message: problem.message, location: location))
                }
            }
            return nil
        }
    }

    /// Whether the problem is a `$ref` target that names nothing, which loading already reported where the
    /// `$ref` is written (`ref.unresolved`, whose message quotes the reference): the schema engine finds
    /// it only at the target, so its own report would place the same mistake a second time, elsewhere.
    private func reportedAsUnresolvedReference(_ problem: SchemaCompileError) -> Bool {
        let target = problem.schemaLocation.fragment + "'"
        return context.diagnostics.contains { $0.code == "ref.unresolved" && $0.message.contains(target) }
    }

    /// `default`, `example` and `examples` written inside schemas should validate against the schema they sit in.
    private func checkAnnotatedSchemas() {
        for node in context.annotatedSchemas {
            guard let compiled = try? document.compiledSchemas.compiled(inFile: node.file.uri, at: node.pointer) else {
                continue
            }
            var values: [(String, SourceNode)] = []
            if let value = node.child("default") { values.append(("default", value)) }
            if let value = node.child("example") { values.append(("example", value)) }
            // `examples` is a schema keyword from 2020-12 on; in 2.0 and 3.0 it is an unknown word.
            if !context.version.usesDraft4Schemas, let list = node.child("examples"), list.value.isArray {
                values += list.elements.map { ("examples[\($0.pointer.lastToken ?? "")]", $0) }
            }
            for (name, value) in values {
                guard let first = compiled.validate(value.value).first?.mostRelevant else { continue }
                if name == "example", case .null = value.value {
                    nullExamples.add(value.location, pointer: value.pointer)
                    continue
                }
                context.warning(
                    "schema.\(name.hasPrefix("examples") ? "example" : name)-invalid",
                    "\(name) does not match its schema: \(first.instancePath): \(first.description)", at: value)
            }
        }
    }
}
