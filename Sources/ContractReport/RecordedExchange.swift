import ContractJSON
import ContractVerify
import Foundation

/// One exchange read from a HAR file or a recording, with where it came from.
public struct RecordedExchange: Sendable {
    /// The request and response.
    public var exchange: HTTPExchange
    /// Where it was read: `traffic.har` entry 3, or a recording line.
    public var source: SourceLocation
    /// When it started, as recorded.
    public var startedAt: Date?
    /// How long it took, in seconds, as recorded.
    public var duration: Double?
    /// The test that sent it (`Tests/ClientTests.swift:42`), for recordings made by the fake backend.
    public var test: String?

    /// Creates a record.
    public init(
        exchange: HTTPExchange, source: SourceLocation, startedAt: Date? = nil, duration: Double? = nil,
        test: String? = nil
    ) {
        self.exchange = exchange
        self.source = source
        self.startedAt = startedAt
        self.duration = duration
        self.test = test
    }
}

/// Why a traffic file could not be read.
public struct TrafficReadError: Error, Sendable, CustomStringConvertible {
    /// The file and, when known, the line.
    public var location: SourceLocation
    /// What is wrong.
    public var message: String

    /// `file:line:col: error: message`.
    public var description: String { "\(location): error: \(message)" }
}
