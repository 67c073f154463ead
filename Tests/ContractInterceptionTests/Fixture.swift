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
        try ContractBackend(contract: contract, recording: .off)
    }

    /// The clinic's host only: what a test that installs a backend globally takes, so that the other tests
    /// of the process, which run meanwhile, keep their `URLSession.shared` requests to other hosts.
    static let clinicHostOnly = InterceptionScope.hosts([URL(string: base)?.host ?? "api.clinic.example.com"])

    /// A backend for a test that installs it globally (`clinicHostOnly`).
    static func globalBackend() throws -> ContractBackend {
        try ContractBackend(contract: contract, recording: .off, intercepting: clinicHostOnly)
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

/// Fails the test instead of hanging when `body` takes longer than `seconds` (generous: in a full
/// parallel run URLSession's work waits for dispatch threads that other tests keep busy). Not a task
/// group, which would wait for a body that never ends: the first of body and timer resumes the test.
func withWatchdog<T: Sendable>(
    seconds: Double = 60, _ body: @escaping @Sendable () async throws -> T, sourceLocation: SourceLocation = #_sourceLocation
) async throws -> T? {
    let once = Once()
    return await withCheckedContinuation { (continuation: CheckedContinuation<T?, Never>) in
        let work = Task {
            try? await body()
        }
        let timer = Task {
            try? await Task.sleep(for: .seconds(seconds))
            guard !Task.isCancelled, once.claim() else { return }
            work.cancel()
            Issue.record("exchange still hanging after \(seconds) s", sourceLocation: sourceLocation)
            continuation.resume(returning: nil)
        }
        Task {
            let value = await work.value
            guard once.claim() else { return }
            timer.cancel()
            continuation.resume(returning: value)
        }
    }
}

/// Lets exactly one of several racers resume a continuation.
final class Once: @unchecked Sendable {
    private let lock = NSLock()
    private var claimed = false

    func claim() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if claimed { return false }
        claimed = true
        return true
    }
}
