import ContractSchema

/// What the caller asked for, passed down together.
struct ExampleRequest: Sendable {
    var exampleName: String?
    var mode: ExampleMode
    var sources: ExampleSources
    var context: ValidationContext
}
