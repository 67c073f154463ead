import Foundation

extension Spec.Document {
    /// The errors of the schemas `operation` uses that do not compile (a `pattern` that is no ECMA-262
    /// regular expression, say): what `ContractLoader.load(_:checks: .schemas)` reports for them.
    ///
    /// A load without `.schemas` leaves each schema to compile when it is first used, which is what makes
    /// a large contract quick to start using; whoever uses an operation of such a document learns of its
    /// broken schemas here. Compiling is cached, so asking again costs only the lookups.
    package func schemaProblems(of operation: Spec.Operation) -> [Diagnostic] {
        let context = BuildContext(
            workspace: ContractWorkspace(rootDirectory: file.url.deletingLastPathComponent()), version: version,
            collectsAnnotatedSchemas: false)
        CompiledSchemaChecks(context: context, document: self).check(operation, examples: false)
        return context.diagnostics.filter { $0.severity == .error }
    }
}
