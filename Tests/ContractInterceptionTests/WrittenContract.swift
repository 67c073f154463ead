import ContractInterception
import ContractSpec
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A contract written for one test, with a fake backend on it, and the answers that backend gives.
enum WrittenContract {
    /// Writes `contract` as `name` in a folder of its own: its file, the errors `contract-check lint` reports
    /// on it, and a fake backend on it (which throws when an error keeps the contract from use).
    static func load(_ contract: String, name: String) throws -> (url: URL, errors: [Diagnostic], backend: ContractBackend) {
        let url = try SchemaProblemTests.write(contract, name: name)
        let errors = ContractLoader().load(url).diagnostics.filter { $0.severity == .error }
        return (url, errors, try ContractBackend(contract: url, recording: .off))
    }

    /// What `backend` answers a request of `method` to `url`: the status and the body as text.
    static func answer(
        _ method: String, _ url: String, json body: String? = nil, headers: [String: String] = [:],
        from backend: ContractBackend
    ) async throws -> (status: Int, body: String) {
        var request = URLRequest(url: try #require(URL(string: url)))
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(body.utf8)
        }
        let (data, response) = try await backend.session.data(for: request)
        return (try #require(response as? HTTPURLResponse).statusCode, String(decoding: data, as: UTF8.self))
    }
}
