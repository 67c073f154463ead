import Foundation

/// The body of a request or response, as far as the caller could see it.
public enum HTTPBody: Sendable, Hashable {
    /// The bytes that were sent (possibly none).
    case bytes([UInt8])
    /// A body may have been sent, but the caller could not read it (a Linux upload task, a HAR file
    /// exported without content). It is reported as unavailable, never as missing.
    case unavailable

    /// No body.
    public static let empty = HTTPBody.bytes([])

    /// A body from `Data`.
    public init(_ data: Data) {
        // Through the raw buffer: one copy of the bytes instead of iterating `Data` element by element.
        self = .bytes(data.withUnsafeBytes { [UInt8]($0) })
    }

    /// A body holding the UTF-8 bytes of `text`.
    public init(text: String) {
        self = .bytes(Array(text.utf8))
    }

    /// The bytes, or `nil` when unavailable.
    public var bytes: [UInt8]? {
        if case .bytes(let bytes) = self { return bytes }
        return nil
    }

    /// Whether the caller saw a body with no bytes.
    public var isEmpty: Bool { bytes?.isEmpty ?? false }
}
