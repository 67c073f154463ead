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
            let corpus = URL(fileURLWithPath: "../shared/corpora/real-world")
            if let enumerator = FileManager.default.enumerator(at: corpus, includingPropertiesForKeys: nil) {
                let documents = enumerator.compactMap { $0 as? URL }.filter {
                    ["yaml", "json"].contains($0.pathExtension)
                }
                files += documents.map(\.path).sorted()
            }
        }
        emit(
            "file".padding(toLength: 44, withPad: " ", startingAt: 0)
                + "    MB   parse resolve compile   total   floor  ratio parse/floor  peakRSS  RSS/size")
        for file in files {
            let child = Process()
            child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
            child.arguments = ["load-one", file]
            try child.run()
            child.waitUntilExit()
        }
    }

    /// Measures one file in this process and prints one row.
    static func runOne(_ arguments: [String]) throws {
        guard let path = arguments.first else { throw BenchmarkMain.UsageError(description: BenchmarkMain.usage) }
        let url = URL(fileURLWithPath: path)
        let data = try Data(contentsOf: url)
        if arguments.contains("--profile") {
            // Only our load, repeated, for a profiler to sample.
            for _ in 0..<5 { _ = ContractLoader(rootDirectory: url.deletingLastPathComponent()).load(url) }
            return
        }
        let isJSON = url.pathExtension == "json"
        // Floors: the third-party parser alone, best of three.
        let floor = try best(of: 3) {
            if isJSON {
                _ = try JSONSerialization.jsonObject(with: data)
            } else {
                _ = try Yams.compose(yaml: String(decoding: data, as: UTF8.self))
            }
        }
        let parse = try best(of: 3) { _ = try DocumentReader.parse(data, path: path) }
        let total = try best(of: 3) { _ = ContractLoader(rootDirectory: url.deletingLastPathComponent()).load(url) }
        let resolve = max(0, total - parse)
        let megabytes = Double(data.count) / 1_000_000
        let peak = peakResidentBytes()
        let name = String(path.suffix(44)).padding(toLength: 44, withPad: " ", startingAt: 0)
        emit(
            name + format(megabytes, width: 6) + format(parse * 1000, width: 8) + format(resolve * 1000, width: 8)
                + format(0, width: 8) + format(total * 1000, width: 8) + format(floor * 1000, width: 8)
                + format(total / floor, width: 7) + format(parse / floor, width: 12)
                + format(Double(peak) / 1_000_000, width: 8) + "MB"
                + format(Double(peak) / Double(max(1, data.count)), width: 9))
    }

    /// Writes a line straight to standard output, unbuffered, so rows from child processes keep their order.
    static func emit(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    private static func best(of runs: Int, _ body: () throws -> Void) throws -> Double {
        var best = Double.infinity
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return best
    }

    private static func format(_ value: Double, width: Int) -> String {
        let text = String(format: value < 10 ? "%.2f" : "%.1f", value)
        return String(repeating: " ", count: max(0, width - text.count)) + text
    }

    private static func peakResidentBytes() -> Int {
        var usage = rusage()
        #if os(Linux)
            getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
            getrusage(RUSAGE_SELF, &usage)
        #endif
        #if os(Linux)
            return usage.ru_maxrss * 1024
        #else
            return usage.ru_maxrss
        #endif
    }
}
