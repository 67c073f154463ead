import ContractInterception
import ContractSpec
import ContractVerify
import Foundation

/// What a test process pays before its first request is answered, against what `contract-check lint`
/// pays for the same file: `ContractBackend(contract:)` and one request through its verifier, next to a
/// load with every check (`ContractLoader.load(checks: .all)`, the lint's work). Each side runs in a
/// process of its own, so its time and peak resident memory (`VmHWM`) are its own.
enum PrepareBenchmark {
    static func run(_ arguments: [String]) throws {
        var files = arguments
        if files.isEmpty {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("contract-bench-synthetic")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let stripeShaped = folder.appendingPathComponent("stripe-shaped.yaml")
            try Data(StripeShapedContract.generate().utf8).write(to: stripeShaped)
            files = [stripeShaped.path] + realWorldDocuments()
        }
        LoadBenchmark.emit(
            "file".padding(toLength: 44, withPad: " ", startingAt: 0)
                + "    MB   lint s  lint MB  backend s  backend MB  time ratio  memory ratio")
        for file in files {
            // Best of three fresh processes for each side: one run moves with the other builds on the machine.
            let lint = try (0..<3).map { _ in try measureInChild(file, side: "lint") }.min { $0.seconds < $1.seconds }
            let backend = try (0..<3).map { _ in try measureInChild(file, side: "backend") }
                .min { $0.seconds < $1.seconds }
            guard let lint, let backend else { continue }
            let size = Double((try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0)
            LoadBenchmark.emit(
                String(file.suffix(44)).padding(toLength: 44, withPad: " ", startingAt: 0)
                    + String(
                        format: "%6.2f %8.3f %8.1f %10.3f %11.1f %11.2fx %12.2fx", size / 1e6, lint.seconds,
                        Double(lint.peak) / 1e6, backend.seconds, Double(backend.peak) / 1e6,
                        backend.seconds / lint.seconds, Double(backend.peak) / Double(max(1, lint.peak))))
        }
    }

    /// One side for one file in this process: prints its seconds and the process's peak resident bytes.
    static func runOne(_ arguments: [String]) throws {
        guard arguments.count == 2 else { throw BenchmarkMain.UsageError(description: BenchmarkMain.usage) }
        let url = URL(fileURLWithPath: arguments[0])
        let start = DispatchTime.now().uptimeNanoseconds
        switch arguments[1] {
        case "lint":
            _ = ContractLoader().load(url, checks: .all)
        case "backend":
            let backend = try ContractBackend(contract: url, recording: .off)
            if let request = firstRequest(backend.document) { _ = backend.verifier.verifyRequest(request) }
        default:
            throw BenchmarkMain.UsageError(description: BenchmarkMain.usage)
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        print(seconds, LoadMemory.peakResidentBytes())
    }

    /// Writes the Stripe-shaped contract (see `StripeShapedContract`) to a file.
    static func writeStripeShaped(_ arguments: [String]) throws {
        guard let path = arguments.first else { throw BenchmarkMain.UsageError(description: BenchmarkMain.usage) }
        try Data(StripeShapedContract.generate().utf8).write(to: URL(fileURLWithPath: path))
    }

    /// A request for the document's first `GET` operation, under its first server's path.
    private static func firstRequest(_ document: Spec.Document) -> HTTPRequest? {
        guard let operation = document.operations.first(where: { $0.method == "GET" }) else { return nil }
        let base = document.servers.first.flatMap { URL(string: $0.url)?.path } ?? ""
        let path = operation.template.text.replacing(/\{[^}]*\}/, with: "1")
        return HTTPRequest(method: "GET", url: (base.hasSuffix("/") ? String(base.dropLast()) : base) + path)
    }

    private static func measureInChild(_ file: String, side: String) throws -> (seconds: Double, peak: Int) {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        child.arguments = ["prepare-one", file, side]
        let pipe = Pipe()
        child.standardOutput = pipe
        try child.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        child.waitUntilExit()
        let fields = output.split(whereSeparator: \.isWhitespace)
        guard fields.count == 2, let seconds = Double(fields[0]), let peak = Int(fields[1]) else {
            throw BenchmarkMain.UsageError(description: "prepare-one \(file) \(side) printed \(output)")
        }
        return (seconds, peak)
    }

    /// Every YAML and JSON document under ../shared/corpora/real-world, sorted.
    static func realWorldDocuments() -> [String] {
        let corpus = URL(fileURLWithPath: "../shared/corpora/real-world")
        guard let enumerator = FileManager.default.enumerator(at: corpus, includingPropertiesForKeys: nil) else {
            return []
        }
        return enumerator.compactMap { $0 as? URL }.filter { ["yaml", "json"].contains($0.pathExtension) }
            .map(\.path).sorted()
    }
}
