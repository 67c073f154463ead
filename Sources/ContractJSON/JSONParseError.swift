/// Why a JSON text could not be read, and where.
public struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, worded for the person who has to fix the file.
    public var message: String
    /// Where the problem was found.
    public var position: SourcePosition
    /// Whether the problem is a key written twice in one object (see `JSONParser.parse(_:refusingRepeatedKeys:)`),
    /// which is valid JSON: the message says so without calling the text invalid.
    package var isRepeatedKey = false

    /// Creates an error.
    public init(message: String, position: SourcePosition) {
        self.message = message
        self.position = position
    }

    /// `line:column: message`.
    public var description: String { "\(position): \(message)" }
}
