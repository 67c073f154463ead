import ContractTestSupport
import Foundation
import Testing

/// `contract-check verify` streams its input: the peak memory of the whole process (as `/usr/bin/time`
/// measures it) stays flat from a thousand recorded exchanges to ten thousand, and a HAR over 64 MiB is
/// verified in the same memory; an interrupted report write leaves nothing behind in `Reports/`.
@Suite("contract-check at scale", .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/time")))
struct VerifyScaleTests {
    let cli = CLITests()

    /// Runs `contract-check` under `/usr/bin/time`: its exit status, output and peak resident memory in bytes.
    func measure(_ arguments: [String], in folder: URL) throws -> (status: Int32, output: String, peak: Int) {
        let timing = folder.appendingPathComponent("time-\(UUID().uuidString).txt")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments = ["-f", "%M", "-o", timing.path, CLITests.binary.path] + arguments
        process.currentDirectoryURL = folder
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let kilobytes = try String(contentsOf: timing, encoding: .utf8).split(separator: "\n").last.flatMap { Int($0) }
        return (process.terminationStatus, output, (kilobytes ?? 0) * 1024)
    }

    /// The peak of verifying 1,000 recorded exchanges: what the process needs besides the traffic.
    func smallRunPeak(in folder: URL) throws -> Int {
        try PetRecording.write(1_000, to: folder.appendingPathComponent("small.jsonl"))
        let run = try measure(["verify", "--contract", PetRecording.contract.path, "small.jsonl"], in: folder)
        #expect(run.output.contains("1000 exchanges, 10 violations"), "\(run.output)")
        return run.peak
    }

    @Test("10,000 recorded exchanges from tests on as many ports: every verdict, in the memory of 1,000")
    func largeRecording() throws {
        let folder = try Scratch.folder("scale")
        let small = try smallRunPeak(in: folder)
        try PetRecording.write(10_000, to: folder.appendingPathComponent("large.jsonl"))
        let run = try measure(["verify", "--contract", PetRecording.contract.path, "large.jsonl"], in: folder)
        #expect(run.status == 1)
        #expect(run.output.contains("10000 exchanges, 100 violations"), "\(run.output)")
        #expect(run.output.contains("in large.jsonl:9901:1 (test PetTests.swift:12)"), "\(run.output)")
        // Read whole, the file (4 MB) and its exchanges (over 20 MB) would stay resident.
        #expect(run.peak - small < 12 << 20, "peak \(run.peak >> 20) MiB, against \(small >> 20) MiB for 1,000")
    }

    @Test("a HAR over 64 MiB is verified, in the memory of a small run")
    func largeHAR() throws {
        let folder = try Scratch.folder("scale")
        let small = try smallRunPeak(in: folder)
        let har = folder.appendingPathComponent("large.har")
        try Data().write(to: har)
        let handle = try FileHandle(forWritingTo: har)
        handle.write(Data(#"{"log": {"version": "1.2", "entries": ["#.utf8))
        handle.write(Data((Self.entry(name: "Rex") + ",\n" + Self.entry(name: nil) + "],\n").utf8))
        // Notes (with brackets, braces and escapes in them) that make the file large.
        let notes = Data(String(repeating: #"{[\"x\"]} "#, count: 1 << 17).utf8)
        handle.write(Data(#""comment": ""#.utf8))
        for _ in 0..<(65 << 20) / notes.count + 1 { handle.write(notes) }
        handle.write(Data(("\", \"pages\": [{\"entries\": [1]}]}}\n").utf8))
        try handle.close()
        let size = try FileManager.default.attributesOfItem(atPath: har.path)[.size] as? NSNumber
        #expect((size?.intValue ?? 0) > 64 << 20)
        let run = try measure(["verify", "--contract", PetRecording.contract.path, "large.har"], in: folder)
        #expect(run.status == 1)
        #expect(run.output.contains("2 exchanges, 1 violations"), "\(run.output)")
        #expect(run.output.contains("in large.har:2:1"), "\(run.output)")
        #expect(run.peak - small < 16 << 20, "peak \(run.peak >> 20) MiB, against \(small >> 20) MiB for a small run")
    }

    static func entry(name: String?) -> String {
        let body = Data((name.map { #"{"id":7,"name":"\#($0)"}"# } ?? #"{"id":7}"#).utf8).base64EncodedString()
        return #"{"request": {"method": "GET", "url": "https://petstore.example.com/api/pets/7", "headers": []}, "#
            + #""response": {"status": 200, "headers": [{"name": "Content-Type", "value": "application/json"}], "#
            + #""content": {"size": 20, "mimeType": "application/json", "text": "\#(body)", "encoding": "base64"}}}"#
    }

    @Test("a report write that a killed run left half-done leaves no partial file after the next run")
    func partialReportFromAKilledRun() throws {
        let contract = try String(contentsOf: PetRecording.contract, encoding: .utf8)
        let folder = try cli.temporaryFolder(["contracts/petstore.yaml": contract])
        let reports = folder.appendingPathComponent("Reports")
        try FileManager.default.createDirectory(at: reports, withIntermediateDirectories: true)
        // What a run killed while writing leaves: the partial file of a process that is gone.
        let partial = reports.appendingPathComponent(".contract-check.xml.2147483646.contract-check-partial")
        try Data("<testsuites>".utf8).write(to: partial)
        let run = try cli.run(["run", "--recordings", "none"], in: folder)
        #expect(run.output.contains("wrote Reports/contract-check.xml and Reports/lint.json"), "\(run.output)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: reports.path).sorted() == ["contract-check.xml", "lint.json"])
    }
}
