import ContractJSON
import ContractVerify
import Foundation

/// One exchange read from a HAR file or a recording, with where it came from.
package struct TrafficEntry: Sendable {
    /// The request and response. A response status of 0 means the client got no response (a transport
    /// error), as HAR files write failed requests; only the request is verified then.
    package var exchange: HTTPExchange
    /// Where it was read: `traffic.har` entry 3, or a recording line.
    package var source: SourceLocation
    /// When it started, as recorded.
    package var startedAt: Date?
    /// How long it took, in seconds, as recorded.
    package var duration: Double?
    /// The test that sent it (`Tests/ClientTests.swift:42`), for recordings made by the fake backend.
    package var test: String?
    /// The contract the fake backend checked it against (its path as the test process named it), for
    /// recordings: `contract-check` verifies it against that contract only.
    package var contract: String?
    /// The options the fake backend verified the exchange with (a test's own base URL, `checksAccept`, …),
    /// for recordings, so that it is verified again as the test verified it; `nil` for HAR files, which
    /// are verified with the options of the check that reads them.
    package var options: VerifierOptions?
    /// The transport error the client got instead of a response (`timedOut`), for recordings.
    package var failure: String?

    /// Creates a record.
    package init(
        exchange: HTTPExchange, source: SourceLocation, startedAt: Date? = nil, duration: Double? = nil,
        test: String? = nil, contract: String? = nil, options: VerifierOptions? = nil,
        failure: String? = nil
    ) {
        self.exchange = exchange
        self.source = source
        self.startedAt = startedAt
        self.duration = duration
        self.test = test
        self.contract = contract
        self.options = options
        self.failure = failure
    }

    /// Whether the client got a response (HAR and recordings write status 0 for a transport error).
    package var hasResponse: Bool { exchange.response.status != 0 }

    /// Whether the fake backend recorded it (it names the contract it was verified against), rather than a
    /// real server's traffic in a HAR file.
    package var isRecording: Bool { contract != nil }
}

/// Why a traffic file could not be read.
package struct TrafficReadError: Error, Sendable, CustomStringConvertible {
    /// The file and, when known, the line.
    package var location: SourceLocation
    /// What is wrong.
    package var message: String

    /// `file:line:col: error: message`.
    package var description: String { "\(location): error: \(message)" }
}
