import ContractJSON
import ContractVerify
import Foundation

/// One exchange read from a HAR file or a recording, with where it came from.
public struct TrafficEntry: Sendable {
    /// The request and response. A response status of 0 means the client got no response (a transport
    /// error), as HAR files write failed requests; only the request is verified then.
    public var exchange: HTTPExchange
    /// Where it was read: `traffic.har` entry 3, or a recording line.
    public var source: SourceLocation
    /// When it started, as recorded.
    public var startedAt: Date?
    /// How long it took, in seconds, as recorded.
    public var duration: Double?
    /// The test that sent it (`Tests/ClientTests.swift:42`), for recordings made by the fake backend.
    public var test: String?
    /// The contract the fake backend checked it against (its path as the test process named it), for
    /// recordings: `contract-check` verifies it against that contract only.
    public var contract: String?
    /// Base URLs the backend accepted besides the contract's servers (a test's own base URL), so the
    /// exchange routes the same way when it is verified again.
    public var baseURLs: [String]
    /// The transport error the client got instead of a response (`timedOut`), for recordings.
    public var failure: String?
    /// Whether the response is the fake backend's answer to a request it found invalid, for recordings:
    /// while the request is still invalid, only the request is verified (its violations are the finding;
    /// the error answer the backend chose for them is not a second one).
    public var answersInvalidRequest: Bool

    /// Creates a record.
    public init(
        exchange: HTTPExchange, source: SourceLocation, startedAt: Date? = nil, duration: Double? = nil,
        test: String? = nil, contract: String? = nil, baseURLs: [String] = [], failure: String? = nil,
        answersInvalidRequest: Bool = false
    ) {
        self.exchange = exchange
        self.source = source
        self.startedAt = startedAt
        self.duration = duration
        self.test = test
        self.contract = contract
        self.baseURLs = baseURLs
        self.failure = failure
        self.answersInvalidRequest = answersInvalidRequest
    }

    /// Whether the client got a response (HAR and recordings write status 0 for a transport error).
    public var hasResponse: Bool { exchange.response.status != 0 }
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
