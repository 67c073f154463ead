import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A stub for an operation of `contract-check mock`, set over HTTP with `MockServerControl`: the same
/// choices as the fake backend's scenarios, for tests that drive a client in another process.
///
/// ```swift
/// try await mock.stub("getPet", .status(404))
/// try await mock.stub("listPets", .sequence(.status(429), .status(200)))
/// try await mock.stub("listPets", .failure(.timedOut))
/// ```
public struct MockStub: Sendable, Encodable, Equatable {
    var status: Int?
    var example: String?
    var dynamic: Bool?
    var seed: Int?
    var undocumented: Bool?
    var failure: String?
    var delayMs: Int?
    var bytesPerSecond: Int?
    var sequence: [MockStub]?
    var response: CannedResponse?

    struct CannedResponse: Sendable, Encodable, Equatable {
        var status: Int
        var headers: [String: String]
        var body: String
    }

    /// The contract's response for `status`, synthesized; `undocumented: true` answers a status the
    /// operation does not document (with no body), as real servers sometimes do.
    public static func status(_ status: Int, undocumented: Bool = false) -> MockStub {
        MockStub(status: status, undocumented: undocumented ? true : nil)
    }

    /// The named example of the response for `status` (`nil`: the first documented 2xx).
    public static func example(_ name: String, status: Int? = nil) -> MockStub {
        MockStub(status: status, example: name)
    }

    /// A body generated from the schema even where the contract has examples; each seed gives another value.
    public static func generated(status: Int? = nil, seed: Int = 0) -> MockStub {
        MockStub(status: status, dynamic: true, seed: seed)
    }

    /// Exactly this response (the server still verifies it and reports a contract break).
    public static func response(status: Int, headers: [String: String] = [:], json: String) -> MockStub {
        var headers = headers
        if !headers.keys.contains(where: { $0.lowercased() == "content-type" }) {
            headers["Content-Type"] = "application/json"
        }
        return MockStub(response: CannedResponse(status: status, headers: headers, body: json))
    }

    /// A transport error: the server closes the connection without an answer.
    public static func failure(_ code: URLError.Code) -> MockStub {
        let known = TransportErrorName.stubbable.contains(code) ? code : .networkConnectionLost
        return MockStub(failure: TransportErrorName.name(of: known))
    }

    /// One stub per call, in order; the last one answers every call after it.
    public static func sequence(_ steps: MockStub...) -> MockStub {
        MockStub(sequence: steps)
    }

    /// The default answer (the first documented 2xx), after `delay`.
    public static func delayed(by delay: Duration) -> MockStub {
        MockStub().delayed(by: delay)
    }

    /// This stub, answered after `delay`.
    public func delayed(by delay: Duration) -> MockStub {
        var copy = self
        let parts = delay.components
        copy.delayMs = Int(parts.seconds * 1000 + parts.attoseconds / 1_000_000_000_000_000)
        return copy
    }

    /// This stub, its body sent at `bytesPerSecond`.
    public func throttled(bytesPerSecond: Int) -> MockStub {
        var copy = self
        copy.bytesPerSecond = bytesPerSecond
        return copy
    }
}
