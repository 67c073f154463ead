import ContractJSON

/// A problem that stops a file from loading at all: unreadable, malformed, hostile.
package struct LoadFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong and what to do about it.
    package var message: String
    /// Where.
    package var location: SourceLocation

    /// Creates a failure.
    package init(message: String, location: SourceLocation) {
        self.message = message
        self.location = location
    }

    /// `file:line:col: error: message`.
    package var description: String { "\(location): error: \(message)" }
}
