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
        var first: [String: Spec.Operation] = [:]
        for operation in document.operations + document.webhooks {
            guard let id = operation.operationId else { continue }
            if let earlier = first[id] {
                context.report(
                    Diagnostic(
                        .error, code: "operation.duplicate-id",
                        message:
                            "operationId '\(id)' is used twice: also by \(earlier.method) \(earlier.path) at \(earlier.location); "
                            + "operationIds must be unique",
                        location: operation.location, pointer: operation.pointer))
            } else {
                first[id] = operation
            }
        }
    }

    private func checkAmbiguousPaths() {
        var byShape: [String: Spec.Operation] = [:]
        var reported: Set<String> = []
        for operation in document.operations {
            let key = operation.template.shape + " " + operation.method
            if let earlier = byShape[key], earlier.template.text != operation.template.text {
                let pair = [earlier.template.text, operation.template.text].sorted().joined(separator: "|")
                if reported.insert(pair).inserted {
                    context.report(
                        Diagnostic(
                            .error, code: "paths.ambiguous",
                            message:
                                "'\(operation.template.text)' and '\(earlier.template.text)' (at \(earlier.location)) match the same URLs; "
                                + "use one variable name for both",
                            location: operation.location, pointer: operation.pointer))
                }
            } else if byShape[key] == nil {
                byShape[key] = operation
            }
        }
    }

    private func checkSecurityNames() {
        let declared = Set(document.securitySchemes.keys)
        var requirements: [(Spec.SecurityRequirement, SourceLocation)] = (document.security ?? []).map {
            ($0, document.file.location(of: JSONPointer(tokens: ["security"])))
        }
        for operation in document.operations + document.webhooks {
            requirements += (operation.security ?? []).map { ($0, operation.location) }
        }
        for (requirement, location) in requirements {
            for use in requirement.schemes where !declared.contains(use.name) {
                context.report(
                    Diagnostic(
                        .error, code: "security.undeclared",
                        message: "security requirement names '\(use.name)', which is not a declared security scheme"
                            + (declared.isEmpty ? "" : " (declared: \(declared.sorted().joined(separator: ", ")))"),
                        location: location))
            }
        }
    }
}
