import ContractInterception
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `contract-bench shared-session DIR`: whether `URLSession.shared`, first used before
/// `installGlobally()`, reaches the globally installed backend. A process of its own, since the shared
/// session is made once per process: the process makes another session and sends a request through the
/// shared one (to port 9 on 127.0.0.1, refused at once), then installs a fake backend of the benchmark
/// contract (written to `DIR`) and sends its request through the shared session. Prints
/// `status N`, `exchanges N`, `intercepts true|false` and each problem of the backend (`problem …`).
enum SharedSessionCheck {
    static func run(_ arguments: [String]) async throws {
        let contract = try BenchContract.written(for: "shared-session", arguments).contract
        _ = URLSession(configuration: .ephemeral)
        if let discard = URL(string: "http://127.0.0.1:9/") {
            _ = try? await URLSession.shared.data(for: URLRequest(url: discard, timeoutInterval: 5))
        }
        let backend = try ContractBackend(contract: contract, recording: .off)
        backend.installGlobally()
        defer { backend.uninstallGlobally() }
        let status = try? await (URLSession.shared.data(for: BenchContract.request()).1 as? HTTPURLResponse)?.statusCode
        var lines = ["status \(status.map(String.init) ?? "none")", "exchanges \(backend.exchanges.count)"]
        lines.append("intercepts \(await backend.intercepts(URLSession.shared))")
        lines += backend.problems.map { "problem " + $0.message }
        print(lines.joined(separator: "\n"))
    }
}
