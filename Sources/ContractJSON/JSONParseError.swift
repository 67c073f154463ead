/// Why a JSON text could not be read, and where.
public struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, worded for the person who has to fix the file.
    public var message: String
    /// Where the problem was found.
    public var position: SourcePosition

    /// Creates an error.
    public init(message: String, position: SourcePosition) {
        self.message = message
        self.position = position
    }

    /// `line:column: message`.
    public var description: String { "\(position): \(message)" }
}
