import ContractSpec

/// A contract the backend could not use: it did not load, or loading reported errors.
public struct ContractLoadError: Error, Sendable, CustomStringConvertible {
    /// The contract's path as given.
    public var path: String
    /// The loader's error diagnostics.
    public var diagnostics: [Diagnostic]

    /// Creates an error.
    public init(path: String, diagnostics: [Diagnostic]) {
        self.path = path
        self.diagnostics = diagnostics
    }

    /// `cannot use contract <path>` and one diagnostic per line.
    public var description: String {
        (["cannot use contract \(path):"] + diagnostics.map(\.description)).joined(separator: "\n")
    }
}
