import ContractInterception
import ContractTestSupport
import ContractVerify
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The clinic contract and requests to it.
enum Fixture {
    static let contract = Corpus.packageRoot.appendingPathComponent("contracts/clinic.yaml")
    static let base = ClinicSamples.base
    static let bearer = ClinicSamples.bearer
    static let petId = ClinicSamples.petId
    static let pet = ClinicSamples.pet

    static func backend() throws -> ContractBackend {
        try ContractBackend(contract: contract)
    }

    static func request(
        _ method: String = "GET", _ path: String = "/pets/\(petId)", body: String? = nil, auth: Bool = true,
        headers: [String: String] = [:]
    ) throws -> URLRequest {
        var request = URLRequest(url: try #require(URL(string: base + path)))
        request.httpMethod = method
        if auth { request.setValue(bearer, forHTTPHeaderField: "Authorization") }
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return request
    }

    static func status(_ response: URLResponse) -> Int {
        (response as? HTTPURLResponse)?.statusCode ?? -1
    }

    /// A valid `getPet` answer.
    static var petResponse: Scenario {
        .response(status: 200, headers: ["ETag": "\"v1\""], json: pet)
    }
}

/// Fails the test instead of hanging when `body` takes longer than `seconds`.
func withWatchdog<T: Sendable>(
    seconds: Double = 10, _ body: @escaping @Sendable () async throws -> T, sourceLocation: SourceLocation = #_sourceLocation
) async throws -> T? {
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: .seconds(seconds))
            return nil
        }
        let first = try await group.next() ?? nil
        group.cancelAll()
        if first == nil { Issue.record("exchange still hanging after \(seconds) s", sourceLocation: sourceLocation) }
        return first
    }
}
