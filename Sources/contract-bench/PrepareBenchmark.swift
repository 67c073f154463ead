import ContractInterception
import ContractSpec
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a test process pays before its first request is answered, against what `contract-check lint`
/// pays for the same file: `ContractBackend(contract:)` next to a load with every check
/// (`ContractLoader.load(checks: .all)`, the lint's work, in this binary), then the backend's first request
/// through its session (verified and answered, as a test's first request is). Each side runs in a process of
/// its own, so its time and peak resident memory (`VmHWM`) are its own. When the release `contract-check` is
/// built beside this binary, `contract-check lint FILE` is measured too, as users run it: the whole process,
/// from its launch to its exit.
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
        let linter = releaseLinter()
        LoadBenchmark.emit(
            "file".padding(toLength: 44, withPad: " ", startingAt: 0)
                + "    MB   lint s  lint MB  backend s  backend MB  time ratio  memory ratio  first request s"
                + (linter == nil ? "" : "  process: lint s  lint MB  time ratio  memory ratio"))
        for file in files {
            // Best of three fresh processes for each side: one run moves with the other builds on the machine.
            let lint = try (0..<3).map { _ in try measureInChild(file, side: "lint") }.min { $0.seconds < $1.seconds }
            let backend = try (0..<3).map { _ in try measureInChild(file, side: "backend") }
                .min { $0.seconds < $1.seconds }
            guard let lint, let backend else { continue }
            let size = Double((try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0)
            var row =
                String(file.suffix(44)).padding(toLength: 44, withPad: " ", startingAt: 0)
                + String(
                    format: "%6.2f %8.3f %8.1f %10.3f %11.1f %11.2fx %12.2fx %16.3f", size / 1e6, lint.seconds,
                    Double(lint.peak) / 1e6, backend.seconds, Double(backend.peak) / 1e6,
                    backend.seconds / lint.seconds, Double(backend.peak) / Double(max(1, lint.peak)),
                    backend.request)
            if let linter {
                let process = try (0..<3).map { _ in try measureInChild(file, side: "lint-process", linter) }
                    .min { $0.seconds < $1.seconds }
                if let process {
                    row += String(
                        format: " %17.3f %8.1f %11.2fx %12.2fx", process.seconds, Double(process.peak) / 1e6,
                        backend.seconds / process.seconds, Double(backend.peak) / Double(max(1, process.peak)))
                }
            }
            LoadBenchmark.emit(row)
        }
    }

    /// One side for one file in this process. Prints its seconds and the process's peak resident bytes
    /// then; the backend side prints after them the seconds of its first request through the backend's
    /// session (verified and answered, as a test's first request is), which the debug figures of
    /// `Scripts/bench-first-use.sh` include. The session's own first use (loading FoundationNetworking)
    /// is not part of preparing the verifier, so it is kept out of the comparison with the lint.
    static func runOne(_ arguments: [String]) throws {
        guard arguments.count == 2 else { throw BenchmarkMain.UsageError(description: BenchmarkMain.usage) }
        let url = URL(fileURLWithPath: arguments[0])
        let start = DispatchTime.now().uptimeNanoseconds
        func seconds(since start: UInt64) -> Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
        switch arguments[1] {
        case "lint":
            _ = ContractLoader().load(url, checks: .all)
            print(seconds(since: start), LoadMemory.peakResidentBytes())
        case "backend":
            let backend = try ContractBackend(contract: url, recording: .off)
            let created = seconds(since: start)
            let peak = LoadMemory.peakResidentBytes()
            let requestStart = DispatchTime.now().uptimeNanoseconds
            if let request = firstRequest(backend.document) {
                let answered = DispatchSemaphore(value: 0)
                backend.session.dataTask(with: request) { _, _, _ in answered.signal() }.resume()
                answered.wait()
            }
            print(created, peak, seconds(since: requestStart))
        case "lint-process":
            let process = try lintProcess(arguments[0])
            print(process.seconds, process.peak)
        default:
            throw BenchmarkMain.UsageError(description: BenchmarkMain.usage)
        }
    }

    /// The `contract-check` beside this binary, when this is a release build and it has been built.
    private static func releaseLinter() -> String? {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        let linter = folder.appendingPathComponent("contract-check").path
        guard folder.path.hasSuffix("/release"), FileManager.default.isExecutableFile(atPath: linter) else {
            return nil
        }
        return linter
    }

    /// Runs `contract-check lint FILE` (the linter named by `CONTRACT_CHECK`) as this process's only child and
    /// returns its wall-clock seconds and its peak resident bytes, which `getrusage(RUSAGE_CHILDREN)` reports
    /// for the largest child waited for: here, that one.
    private static func lintProcess(_ file: String) throws -> (seconds: Double, peak: Int) {
        guard let linter = ProcessInfo.processInfo.environment["CONTRACT_CHECK"] else {
            throw BenchmarkMain.UsageError(description: "prepare-one FILE lint-process needs CONTRACT_CHECK")
        }
        let child = Process()
        child.executableURL = URL(fileURLWithPath: linter)
        child.arguments = ["lint", file]
        child.standardOutput = FileHandle.nullDevice
        child.standardError = FileHandle.nullDevice
        // A termination handler, not `waitUntilExit`, which polls its run loop every 50 ms.
        let exited = DispatchSemaphore(value: 0)
        child.terminationHandler = { _ in exited.signal() }
        let start = DispatchTime.now().uptimeNanoseconds
        try child.run()
        exited.wait()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        // Linux reports ru_maxrss in kilobytes.
        return (seconds, usage.ru_maxrss * 1024)
    }

    /// Writes the Stripe-shaped contract (see `StripeShapedContract`) to a file.
    static func writeStripeShaped(_ arguments: [String]) throws {
        guard let path = arguments.first else { throw BenchmarkMain.UsageError(description: BenchmarkMain.usage) }
        try Data(StripeShapedContract.generate().utf8).write(to: URL(fileURLWithPath: path))
    }

    /// The URL of the document's first `GET` operation, under its first server (the operation's own when
    /// it names any), as the first-use test in `Scripts/bench-first-use.sh` builds it.
    private static func firstRequest(_ document: Spec.Document) -> URL? {
        guard let operation = document.operations.first(where: { $0.method == "GET" }) else { return nil }
        let server = (operation.servers.first ?? document.servers.first)?.url ?? "http://localhost"
        var base = server.hasPrefix("http") ? server : "http://localhost" + server
        if base.hasSuffix("/") { base.removeLast() }
        let path = operation.template.text.replacing(/\{[^}]*\}/, with: "1")
        return URL(string: base.replacing(/\{[^}]*\}/, with: "x") + path)
    }

    private static func measureInChild(_ file: String, side: String, _ linter: String? = nil) throws -> (
        seconds: Double, peak: Int, request: Double
    ) {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        child.arguments = ["prepare-one", file, side]
        if let linter {
            child.environment = ProcessInfo.processInfo.environment.merging(["CONTRACT_CHECK": linter]) { $1 }
        }
        let pipe = Pipe()
        child.standardOutput = pipe
        try child.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        child.waitUntilExit()
        let fields = output.split(whereSeparator: \.isWhitespace)
        guard fields.count >= 2, let seconds = Double(fields[0]), let peak = Int(fields[1]) else {
            throw BenchmarkMain.UsageError(description: "prepare-one \(file) \(side) printed \(output)")
        }
        return (seconds, peak, fields.count > 2 ? Double(fields[2]) ?? 0 : 0)
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
