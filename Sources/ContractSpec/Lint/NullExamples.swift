import ContractJSON

/// The `example: null`s written where the schema does not allow null, reported as one warning.
///
/// swagger-core, which generates the descriptions of many Java services, writes `example: null` for every
/// schema and media type whose example was never set (HubSpot's public descriptions carry tens of
/// thousands). Read as written, each would be an example that breaks its schema; they are read as no
/// example, and the linter says so once, at the first, instead of once for each.
final class NullExamples {
    private var first: (location: SourceLocation, pointer: JSONPointer)?
    private var count = 0

    func add(_ location: SourceLocation, pointer: JSONPointer) {
        if first == nil { first = (location, pointer) }
        count += 1
    }

    func report(to context: BuildContext) {
        guard let first else { return }
        context.report(
            Diagnostic(
                .warning, code: "example.null",
                message: "'example: null' where the schema does not allow null\(Diagnostic.otherPlaces(count)); "
                    + "read as no example (swagger-core writes it for an example never set); remove it, or allow "
                    + "null in the schema if null is a real example",
                location: first.location, pointer: first.pointer))
    }
}
