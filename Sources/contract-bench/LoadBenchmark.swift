import ContractJSON
import ContractSpec
import Foundation
import Yams

/// Load time and peak memory, stage by stage, next to the parsing floors measured in the same run.
///
/// Each document is measured in a child process (`load-one`) so that its peak RSS is its own.
enum LoadBenchmark {
    static func run(_ arguments: [String]) throws {
        var files = arguments.filter { !$0.hasPrefix("--") }
        var scales = [1, 2, 4]
        if let index = arguments.firstIndex(of: "--scales"), index + 1 < arguments.count {
            scales = arguments[index + 1].split(separator: ",").compactMap { Int($0) }
            files.removeAll { $0 == arguments[index + 1] }
        }
        if files.isEmpty {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("contract-bench-synthetic")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for scale in scales {
                let (yaml, json) = SyntheticContract.generate(scale: scale)
                let yamlURL = folder.appendingPathComponent("synthetic-x\(scale).yaml")
                let jsonURL = folder.appendingPathComponent("synthetic-x\(scale).json")
                try Data(yaml.utf8).write(to: yamlURL)
                try Data(json.utf8).write(to: jsonURL)
                files += [yamlURL.path, jsonURL.path]
            }
            files += PrepareBenchmark.realWorldDocuments()
        }
        emit(
            "file".padding(toLength: 44, withPad: " ", startingAt: 0)
                + "    MB   parse resolve compile   total   floor  ratio parse/floor   memory mem/size  load-mem mem/size"
        )
        for file in files {
            let child = Process()
            child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
            child.arguments = ["load-one", file]
            try child.run()
            child.waitUntilExit()
        }
    }

    /// Measures one file in this process and prints one row; with `--memory` (and `--warm`), loads
    /// it once and prints only the peak resident memory the load added (see `LoadMemory`).
    static func runOne(_ arguments: [String]) throws {
        guard let path = arguments.first else { throw BenchmarkMain.UsageError(description: BenchmarkMain.usage) }
        let url = URL(fileURLWithPath: path)
        let root = url.deletingLastPathComponent()
        if arguments.contains("--memory") {
            let measured = LoadMemory.measure(path, warm: arguments.contains("--warm"))
            emit(measured.map { "\($0.bytes) \($0.operations)" } ?? "n/a")
            return
        }
        let data = try Data(contentsOf: url)
        if arguments.contains("--profile") {
            // Only our load, repeated, for a profiler to sample.
            let checks: ContractLoader.Checks = arguments.contains("--structure") ? [] : .schemas
            for _ in 0..<5 { _ = ContractLoader(rootDirectory: root).load(url, checks: checks) }
            return
        }
        let isJSON = url.pathExtension == "json"
        let floorBody = {
            if isJSON {
                _ = try JSONSerialization.jsonObject(with: data)
            } else {
                _ = try Yams.compose(yaml: String(decoding: data, as: UTF8.self))
            }
        }
        // The third-party floor and our stages in turns, best of each over the rounds: measured one after
        // the other (five floors, then five of ours), each side met a different machine (the floors alone
        // moved 30% between runs) and the state the previous side left the allocator in.
        let stages: [() throws -> Void] = [
            floorBody,
            { _ = try DocumentReader.parse(data, path: path) },
            { _ = ContractLoader(rootDirectory: root).load(url, checks: []) },
            { _ = ContractLoader(rootDirectory: root).load(url, checks: .schemas) },
        ]
        let best = try bestInTurns(stages, rounds: 7)
        let (floor, parse, structure, total) = (best[0], best[1], best[2], best[3])
        let megabytes = Double(data.count) / 1_000_000
        let memory = try memoryAdded(by: path, warm: false) ?? 0
        let loadMemory = try memoryAdded(by: path, warm: true)
        let name = String(path.suffix(44)).padding(toLength: 44, withPad: " ", startingAt: 0)
        emit(
            name + format(megabytes, width: 6) + format(parse * 1000, width: 8)
                + format((structure - parse) * 1000, width: 8) + format((total - structure) * 1000, width: 8)
                + format(total * 1000, width: 8) + format(floor * 1000, width: 8) + format(total / floor, width: 7)
                + format(parse / floor, width: 12) + format(Double(memory) / 1_000_000, width: 8) + "MB"
                + format(Double(memory) / Double(max(1, data.count)), width: 9)
                + (loadMemory.map {
                    format(Double($0) / 1_000_000, width: 8) + "MB"
                        + format(Double($0) / Double(max(1, data.count)), width: 9)
                } ?? "       n/a"))
    }

    /// Peak memory a load adds, measured in a fresh process so earlier runs do not hide it; `nil`
    /// when the warm figure cannot be taken here.
    private static func memoryAdded(by path: String, warm: Bool) throws -> Int? {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        child.arguments = ["load-one", path, "--memory"] + (warm ? ["--warm"] : [])
        let pipe = Pipe()
        child.standardOutput = pipe
        try child.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        child.waitUntilExit()
        return Int(output.split(separator: " ").first ?? "")
    }

    /// Writes a line straight to standard output, unbuffered, so rows from child processes keep their order.
    static func emit(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// The shortest time of each body over `rounds` rounds that run every body once in turn, after one
    /// round that warms up and is not counted.
    private static func bestInTurns(_ bodies: [() throws -> Void], rounds: Int) throws -> [Double] {
        var best = Array(repeating: Double.infinity, count: bodies.count)
        for round in 0...rounds {
            for (index, body) in bodies.enumerated() {
                let start = DispatchTime.now().uptimeNanoseconds
                try body()
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                if round > 0 { best[index] = min(best[index], seconds) }
            }
        }
        return best
    }

    private static func format(_ value: Double, width: Int) -> String {
        let text = String(format: value < 10 ? "%.2f" : "%.1f", value)
        return String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
