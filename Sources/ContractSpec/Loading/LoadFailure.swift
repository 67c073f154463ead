import ContractJSON

/// A problem that stops a file from loading at all: unreadable, malformed, hostile.
public struct LoadFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong and what to do about it.
    public var message: String
    /// Where.
    public var location: SourceLocation

    /// Creates a failure.
    public init(message: String, location: SourceLocation) {
        self.message = message
        self.location = location
    }

    /// `file:line:col: error: message`.
    public var description: String { "\(location): error: \(message)" }
}
