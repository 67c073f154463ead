extension SchemaChecks {
    /// One warning for every `nullable: true` in a 3.1 or 3.2 schema, at the first.
    func reportDroppedNullable() {
        guard let (first, count) = context.droppedNullable else { return }
        let others = Diagnostic.otherPlaces(count)
        let version = "OpenAPI \(context.version)"
        context.warning(
            "schema.nullable-dropped",
            context.nullable == .strict
                ? "\(version) has no 'nullable' keyword (3.1 dropped it); null is rejected here\(others), as "
                    + "--nullable strict reads it; add 'null' to 'type' to allow it"
                : "\(version) has no 'nullable' keyword (3.1 dropped it); null is accepted here\(others), as 3.0 "
                    + "read it, but tools that follow \(version) reject it; add 'null' to 'type' instead",
            at: first)
    }
}
