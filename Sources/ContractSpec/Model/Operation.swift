import ContractJSON

extension Spec {
    /// One operation: a method on a path.
    public struct Operation: Sendable {
        /// Upper-case method (`GET`).
        public var method: String
        /// The path key as written (may carry a Box-style `#fragment`, which names no part of the URL).
        public var path: String
        /// The URL template the path key describes.
        package var template: PathTemplate
        /// `operationId`, when given.
        public var operationId: String?
        /// Path-item and operation parameters merged (operation wins on the same name and location).
        public var parameters: [Parameter]
        /// The request body, when the operation takes one.
        public var requestBody: RequestBody?
        /// Responses in document order.
        public var responses: [Response]
        /// The operation's own security alternatives; `nil` means the document's apply.
        public var security: [SecurityRequirement]?
        /// Servers that override the document's for this operation.
        public var servers: [Server]
        /// Whether the operation is deprecated.
        public var deprecated: Bool
        /// Where the operation is written.
        public var location: SourceLocation
        /// Its pointer in its file (`/paths/~1pets/get`).
        public var pointer: JSONPointer

        /// `operationId`, or `GET /pets/{id}` when there is none.
        public var displayName: String { operationId ?? "\(method) \(path)" }

        /// The response for a status: the exact code, then its range (`2XX`), then `default`.
        public func response(for status: Int) -> Response? {
            responses.first { $0.status == .code(status) }
                ?? responses.first { $0.status == .range(status / 100) }
                ?? responses.first { $0.status == .default }
        }
    }

    /// What a response answers to.
    public enum ResponseStatus: Hashable, Sendable, CustomStringConvertible {
        /// One status code.
        case code(Int)
        /// A class such as `2XX` (the digit).
        case range(Int)
        /// `default`.
        case `default`

        /// Reads `200`, `2XX` or `default`.
        public init?(_ key: String) {
            if key == "default" {
                self = .default
                return
            }
            // Read from the three bytes every valid key has (`200`, `4XX`, `4xx`): counting characters
            // and upper-casing a copy cost more than building the rest of a response.
            var bytes = key.utf8.makeIterator()
            guard key.utf8.count == 3, let first = bytes.next(), let second = bytes.next(), let third = bytes.next(),
                let hundreds = Self.digit(first), (1...5).contains(hundreds)
            else { return nil }
            if second | 0x20 == UInt8(ascii: "x"), third | 0x20 == UInt8(ascii: "x") {
                self = .range(hundreds)
            } else if let tens = Self.digit(second), let units = Self.digit(third) {
                self = .code(hundreds * 100 + tens * 10 + units)
            } else {
                return nil
            }
        }

        private static func digit(_ byte: UInt8) -> Int? {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
        }

        /// `200`, `2XX` or `default`.
        public var description: String {
            switch self {
            case .code(let code): String(code)
            case .range(let digit): "\(digit)XX"
            case .default: "default"
            }
        }
    }

    /// A response.
    public struct Response: Sendable {
        /// What it answers to.
        public var status: ResponseStatus
        /// `description`.
        public var description: String
        /// Response headers.
        public var headers: [Header]
        /// Bodies by media type.
        public var content: [MediaType]
        /// Where it is written.
        public var location: SourceLocation
    }
}
