import ContractExamples

/// How much of a schema a synthesized response exercises: the synthesizer's own modes (`.minimal`,
/// `.full`, `.random(seed:)`), named for the backend's users.
public typealias ResponseMode = ExampleMode
