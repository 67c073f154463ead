import ContractJSON

/// Checks that need the whole model: unique operationIds, unambiguous paths, declared security schemes.
struct SemanticChecks {
    let context: BuildContext
    let document: Spec.Document

    func run() {
        checkOperationIds()
        checkAmbiguousPaths()
        checkSecurityNames()
    }

    private func checkOperationIds() {
        // Offsets into the two lists rather than copies of whole operations (and of both lists joined).
        var first: [String: (webhook: Bool, offset: Int)] = [:]
        for (isWebhook, operations) in [(false, document.operations), (true, document.webhooks)] {
            for offset in operations.indices {
                guard let id = operations[offset].operationId else { continue }
                guard let earlier = first[id] else {
                    first[id] = (isWebhook, offset)
                    continue
                }
                let other = earlier.webhook ? document.webhooks[earlier.offset] : document.operations[earlier.offset]
                // Requests are routed by method and path; a stub or a lookup by the id reaches the first.
                context.report(
                    Diagnostic(
                        error: "operation.duplicate-id",
                        message:
                            "operationId '\(id)' is used twice: also by \(other.method) \(other.path) at \(other.location); "
                            + "operationIds must be unique",
                        location: operations[offset].location, pointer: operations[offset].pointer,
                        blocksVerification: false))
            }
        }
    }

    private func checkAmbiguousPaths() {
        // The first operation of each shape and method, by its offset: the dictionary held copies of
        // whole operations, and the shape was spelled again for every operation of a path.
        // Keyed by `HashedText` (the bytes hashed eight at a time) rather than `String` (SipHash over the
        // whole template, and a concatenated `shape method` string per operation).
        var byShape: [ShapeAndMethod: Int] = [:]
        var shapes: [HashedText: HashedText] = [:]
        var reported: Set<String> = []
        let operations = document.operations
        for offset in operations.indices {
            // Fields read in place: a copy of the operation retained every field it has.
            let text = HashedText(operations[offset].template.text)
            let shape: HashedText
            if let known = shapes[text] {
                shape = known
            } else {
                shape = HashedText(operations[offset].template.shape)
                shapes[text] = shape
            }
            let key = ShapeAndMethod(shape: shape, method: operations[offset].method)
            guard let earlierOffset = byShape[key] else {
                byShape[key] = offset
                continue
            }
            let (operation, earlier) = (operations[offset], operations[earlierOffset])
            if earlier.template.text != text.text {
                let pair = [earlier.template.text, operation.template.text].sorted().joined(separator: "|")
                // A warning, not an error: the specification forbids it, but descriptions do it (Xero's, 14 times)
                // and the router has one answer, the first declared, as Prism does; an error would refuse the
                // whole contract.
                if reported.insert(pair).inserted {
                    context.report(
                        Diagnostic(
                            .warning, code: "paths.ambiguous",
                            message:
                                "'\(operation.template.text)' and '\(earlier.template.text)' (at \(earlier.location)) match "
                                + "the same URLs, which OpenAPI does not allow; \(operation.method) requests go to "
                                + "'\(earlier.template.text)', declared first; use one variable name for both",
                            location: operation.location, pointer: operation.pointer))
                }
            }
        }
    }

    /// A path's shape (its template with variables unnamed) and a method.
    private struct ShapeAndMethod: Hashable {
        let shape: HashedText
        let method: String

        func hash(into hasher: inout Hasher) {
            hasher.combine(shape)
        }
    }

    private func checkSecurityNames() {
        let declared = Set(document.securitySchemes.keys)
        var requirements: [(Spec.SecurityRequirement, SourceLocation)] = (document.security ?? []).map {
            ($0, document.file.location(of: JSONPointer(tokens: ["security"])))
        }
        // By offset in each list: `operations + webhooks` copied every operation, and the loop variable again.
        for operations in [document.operations, document.webhooks] {
            for offset in operations.indices {
                guard let security = operations[offset].security else { continue }
                let location = operations[offset].location
                requirements += security.map { ($0, location) }
            }
        }
        for (requirement, location) in requirements {
            for use in requirement.schemes where !declared.contains(use.name) {
                // The verifier leaves the scheme out of the requirement (`SecurityVerifier`): nothing says what
                // credential it would take.
                context.report(
                    Diagnostic(
                        error: "security.undeclared",
                        message: "security requirement names '\(use.name)', which is not a declared security scheme"
                            + (declared.isEmpty ? "" : " (declared: \(declared.sorted().joined(separator: ", ")))"),
                        location: location, blocksVerification: false))
            }
        }
    }
}
