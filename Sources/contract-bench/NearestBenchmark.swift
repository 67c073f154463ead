import ContractSpec
import ContractVerify
import Foundation

/// `contract-bench nearest [--paths N] [--requests N]`: microseconds per request that matches no path of
/// a contract of N paths (`/resource{i}/items/{id}`, default 20,000), where the verdict names the nearest
/// documented paths. Three kinds of request: a typo in one segment of a documented path, each request
/// another path; a path far from every template, each request another; and one typo repeated.
enum NearestBenchmark {
    static func run(_ arguments: [String]) throws {
        let paths = InterceptionBenchmark.value(after: "--paths", in: arguments) ?? 20_000
        let requests = InterceptionBenchmark.value(after: "--requests", in: arguments) ?? 2_000
        let verifier = ContractVerifier(document: try contract(paths: paths))
        let kinds: [(name: String, url: (Int) -> String)] = [
            ("typo, each another path", { "https://api.example.com/resource\(($0 * 97) % paths)/itens/\($0)" }),
            ("far from every path", { "https://api.example.com/health/check\($0)" }),
            ("one typo repeated", { _ in "https://api.example.com/resource1234/itens/7" }),
        ]
        print("paths: \(paths), requests per kind: \(requests)")
        for kind in kinds {
            let parsed = (0..<requests).compactMap { HTTPRequest(method: "GET", url: kind.url($0)) }
            // The first request builds the index of paths, once per verifier: left out of the figure.
            if let first = parsed.first { _ = verifier.verifyRequest(first) }
            var unrouted = 0
            let start = InterceptionBenchmark.threadCPUSeconds()
            for request in parsed {
                if case .pathNotFound = verifier.verifyRequest(request).route { unrouted += 1 }
            }
            let seconds = InterceptionBenchmark.threadCPUSeconds() - start
            guard unrouted == parsed.count else {
                throw BenchmarkMain.UsageError(description: "\(kind.name): \(unrouted) of \(parsed.count) unrouted")
            }
            let perRequest = seconds * 1e6 / Double(max(parsed.count, 1))
            print(
                kind.name.padding(toLength: 28, withPad: " ", startingAt: 0) + String(format: "%10.1f µs", perRequest))
        }
    }

    /// A contract of `paths` paths `/resource{i}/items/{id}` on one server, loaded from a temporary file.
    private static func contract(paths: Int) throws -> Spec.Document {
        var lines = [
            "openapi: 3.1.0", "info: {title: wide, version: '1'}", "servers: [{url: 'https://api.example.com'}]",
        ]
        lines.append("paths:")
        for index in 0..<paths {
            lines.append("  /resource\(index)/items/{id}:")
            lines.append("    get: {responses: {'200': {description: ok}}}")
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("contract-bench-wide-\(paths).yaml")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        guard let document = ContractLoader().load(file, checks: []).document else {
            throw BenchmarkMain.UsageError(description: "the generated contract of \(paths) paths did not load")
        }
        return document
    }
}
