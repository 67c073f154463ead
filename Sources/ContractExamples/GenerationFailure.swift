/// Why generating a value for one schema failed.
struct GenerationFailure: Error, Sendable {
    /// What no value could satisfy.
    var message: String
    /// The schema the contradiction was found in.
    var schema: LocatedSchema?
    /// Whether the schema was shown to have no value (as opposed to the search running out of attempts).
    var provenUnsatisfiable: Bool

    static func unsatisfiable(_ message: String, at schema: LocatedSchema?) -> GenerationFailure {
        GenerationFailure(message: message, schema: schema, provenUnsatisfiable: true)
    }

    static func gaveUp(_ message: String, at schema: LocatedSchema?) -> GenerationFailure {
        GenerationFailure(message: message, schema: schema, provenUnsatisfiable: false)
    }
}
