/// A mistake in a test's use of the backend (a stub for an operation the contract does not have, a named
/// example it does not declare), reported as a test issue beside the contract violations.
public struct BackendProblem: Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, in one sentence.
    public var message: String

    /// Creates a problem.
    public init(message: String) {
        self.message = message
    }

    /// `error: message`.
    public var description: String { "error: " + message }
}
