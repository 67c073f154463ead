/// A line and column in a source file, both counted from 1.
///
/// Positions are packed into eight bytes because every object member of a loaded document
/// carries one; a zero line means "unknown".
public struct SourcePosition: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The line, counted from 1; 0 when unknown.
    public var line: UInt32
    /// The column, counted from 1; 0 when unknown.
    public var column: UInt32

    /// Creates a position from a 1-based line and column.
    public init(line: Int, column: Int) {
        self.line = Self.clamped(line)
        self.column = Self.clamped(column)
    }

    /// `value` limited to `0...UInt32.max`. Spelled out rather than `UInt32(clamping:)`, which is generic:
    /// a user's debug build calls it unspecialized, once per line and column of every node a contract
    /// holds, and that was a tenth of reading a large YAML contract in a debug test process.
    private static func clamped(_ value: Int) -> UInt32 {
        value <= 0 ? 0 : value >= Int(UInt32.max) ? UInt32.max : UInt32(value)
    }

    /// A position that names no place in a file.
    public static let unknown = SourcePosition(line: 0, column: 0)

    /// Whether this position names a real place.
    public var isKnown: Bool { line > 0 }

    /// `line:column`.
    public var description: String { "\(line):\(column)" }

    /// Orders positions by line, then column.
    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}

/// A file and a position in it: what every diagnostic points at.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The file's path as the user named it (relative paths stay relative).
    public var file: String
    /// The place in the file.
    public var position: SourcePosition

    /// Creates a location.
    public init(file: String, position: SourcePosition) {
        self.file = file
        self.position = position
    }

    /// Creates a location from a 1-based line and column.
    public init(file: String, line: Int, column: Int) {
        self.init(file: file, position: SourcePosition(line: line, column: column))
    }

    /// `file:line:column`, or just `file` when the position is unknown.
    public var description: String {
        position.isKnown ? "\(file):\(position.line):\(position.column)" : file
    }
}
